import FileProviderHost
import FileProviderKit
import Testing

@Suite("Retries and parking")
struct RetryAndParkTests {
    private let policy = RetryPolicy(
        initialDelay: .seconds(1),
        multiplier: 2,
        maximumDelay: .seconds(4),
        maximumAttempts: 6
    )

    /// A manual host whose provider fails the submitted creation `failures` times with `error`.
    private func flakyCreation(
        failures: Int,
        error: FileProviderError = FileProviderError(.providerDomainTemporarilyUnavailable)
    ) async throws -> (FakeProvider, ManualClock, ProviderHost, OperationID) {
        let provider = FakeProvider()
        provider.inject(error, into: .createItem, times: failures)
        let clock = ManualClock()
        let host = try HostFixture.host(provider, clock: clock, retryPolicy: policy)
        return (provider, clock, host, try await host.submit(HostFixture.creation("x.txt")))
    }

    @Test("transient errors are retried after capped exponential back-off, then succeed")
    func transientErrorsRetried() async throws {
        let (provider, clock, host, id) = try await flakyCreation(failures: 4)
        let expectedDelays: [Duration] = [.seconds(1), .seconds(2), .seconds(4), .seconds(4)]
        for (index, delay) in expectedDelays.enumerated() {
            let record = try await host.run(id)
            #expect(record.state == .waitingToRetry(failures: index + 1, delay: delay))
            #expect(record.lastErrorCode == .providerDomainTemporarilyUnavailable)
            #expect(await host.runnableOperations.isEmpty)
            await #expect(throws: HostError.operationNotRunnable(id, record.state)) { try await host.run(id) }
            clock.advance(by: delay - .milliseconds(1))
            #expect(await host.runnableOperations.isEmpty)
            clock.advance(by: .milliseconds(1))
            #expect(await host.runnableOperations.map(\.id) == [id])
        }
        let record = try await host.run(id)
        #expect(record.state == .succeeded)
        #expect(record.attempts == 5)
        #expect(record.consecutiveFailures == 0)
        #expect(record.lastError == nil)
        #expect(provider.calls(of: .createItem) == 5)
        await host.stop()
    }

    @Test("an unclassified error (an unknown error, mapped) is transient: retried with capped back-off, never parked")
    func unclassifiedErrorsRetried() async throws {
        struct StorageHiccup: Error {}
        let mapped = try #require(FileProviderError.mapped(StorageHiccup()) as? FileProviderError)
        #expect(mapped.code == .unclassified)
        #expect(ErrorDisposition(classifying: mapped) == .retry)
        let (provider, clock, host, id) = try await flakyCreation(failures: 4, error: mapped)
        for (index, delay) in [Duration.seconds(1), .seconds(2), .seconds(4), .seconds(4)].enumerated() {
            let record = try await host.run(id)
            #expect(record.state == .waitingToRetry(failures: index + 1, delay: delay))
            #expect(record.lastErrorCode == .unclassified)
            #expect((record.lastError as? FileProviderError)?.underlyingError is StorageHiccup)
            clock.advance(by: delay)
        }
        let record = try await host.run(id)
        #expect(record.state == .succeeded)
        #expect(record.attempts == 5)
        #expect(provider.calls(of: .createItem) == 5)
        await host.stop()
    }

    @Test("an operation whose attempts run out fails, and stays queryable")
    func attemptsRunOut() async throws {
        let (_, clock, host, id) = try await flakyCreation(failures: 10)
        for _ in 1..<6 {
            _ = try await host.run(id)
            clock.advance(by: .seconds(4))
        }
        let record = try await host.run(id)
        #expect(record.state == .failed)
        #expect(record.attempts == 6)
        #expect(record.lastErrorCode == .providerDomainTemporarilyUnavailable)
        #expect(await host.operations.map(\.state) == [.failed])
        await host.stop()
    }

    @Test(
        "a resolvable error parks the operation until that code is resolved, then it completes",
        arguments: [
            FileProviderError.Code.notAuthenticated, .serverUnreachable, .insufficientQuota, .cannotSynchronize,
            .excludedFromSync,
        ]
    )
    func resolvableErrorsPark(code: FileProviderError.Code) async throws {
        let provider = FakeProvider()
        provider.inject(FileProviderError(code), into: .createItem)
        let clock = ManualClock()
        let host = try HostFixture.host(provider, clock: clock, retryPolicy: policy)
        try await host.synchronize()
        let id = try await host.submit(
            HostFixture.creation("x.txt")
        )
        #expect(try await host.run(id).state == .parked(code))
        clock.advance(by: .seconds(3_600))
        #expect(await host.runnableOperations.isEmpty)
        let other: FileProviderError.Code = code == .notAuthenticated ? .serverUnreachable : .notAuthenticated
        await host.signalErrorResolved(FileProviderError(other))
        #expect(await host.operation(id)?.state == .parked(code))
        await host.signalErrorResolved(FileProviderError(code))
        #expect(await host.operation(id)?.state == .pending)
        let record = try await host.run(id)
        #expect(record.state == .succeeded)
        let created = try #require(record.resultItem)
        #expect(await host.item(created.itemIdentifier)?.filename == "x.txt")
        #expect(try await host.checkConvergence().isEmpty)
        await host.stop()
    }

    @Test("errors are classified as the system reads them")
    func errorDisposition() {
        #expect(ErrorDisposition(classifying: FileProviderError(.insufficientQuota)) == .park(.insufficientQuota))
        #expect(ErrorDisposition(classifying: FileProviderError(.filenameCollision)) == .fail)
        #expect(ErrorDisposition(classifying: FileProviderError(.localVersionConflictingWithServer)) == .fail)
        #expect(ErrorDisposition(classifying: FileProviderError(.syncAnchorExpired)) == .retry)
        #expect(ErrorDisposition(classifying: FileProviderError(.unclassified)) == .retry)
        #expect(ErrorDisposition(classifying: FileProviderError(.cannotSynchronize)) == .park(.cannotSynchronize))
        #expect(ErrorDisposition(classifying: CancellationError()) == .retry)
    }
}
