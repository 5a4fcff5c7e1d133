import FileProviderHost
import FileProviderKit
import Foundation
import Testing

@Suite("Automatic scheduling and cancellation")
struct AutomaticSchedulingTests {
    @Test("many concurrent local operations, with transient faults and remote changes, converge")
    func concurrentOperationsConverge() async throws {
        let provider = FakeProvider()
        provider.inject(FileProviderError(.providerDomainTemporarilyUnavailable), into: .createItem, times: 7, skip: 3)
        provider.inject(FileProviderError(.providerDomainTemporarilyUnavailable), into: .modifyItem, times: 5, skip: 2)
        let host = try HostFixture.host(
            provider,
            scheduling: .automatic(maximumConcurrentOperations: 4),
            retryPolicy: .immediate
        )
        await host.start()
        var creations: [OperationID] = []
        for index in 0..<40 {
            creations.append(
                try await host.submit(
                    .createItem(HostFixture.template("file-\(index).txt"), fields: .all, contents: nil, options: [])
                )
            )
        }
        try await host.waitUntilIdle()
        var created: [ItemSnapshot] = []
        for id in creations {
            let record = try #require(await host.operation(id))
            #expect(record.state == .succeeded)
            created.append(try #require(record.resultItem))
        }
        for item in created.prefix(10) {
            provider.remoteMove(item.itemIdentifier, renamedTo: "remote-\(item.filename)")
        }
        await host.signalEnumerator(for: .workingSet)
        for item in created.dropFirst(10) {
            for round in 1...2 {
                var renamed = item
                renamed.filename = "round-\(round)-\(item.filename)"
                try await host.submit(
                    .modifyItem(
                        renamed,
                        baseVersion: item.itemVersion,
                        changedFields: .filename,
                        contents: nil,
                        options: []
                    )
                )
            }
        }
        try await host.waitUntilIdle()
        #expect(await host.operations.allSatisfy { $0.state == .succeeded })
        for item in created.dropFirst(10) {
            #expect(await host.item(item.itemIdentifier)?.filename == "round-2-\(item.filename)")
        }
        await host.signalEnumerator(for: .workingSet)
        try await host.waitUntilIdle()
        #expect(try await host.checkConvergence().isEmpty)
        #expect(await host.replica.count == 40)
        await host.stop()
    }

    @Test("stopping cancels an operation in flight promptly; the replica keeps its last applied state")
    func stopCancelsOperation() async throws {
        let (provider, _, _, top) = HostFixture.populatedProvider()
        let host = try HostFixture.host(provider, scheduling: .automatic(maximumConcurrentOperations: 2))
        await host.start()
        try await host.waitUntilIdle()
        let before = try #require(await host.item(top))
        let gate = Gate()
        provider.hold(.modifyItem, at: gate)
        var arrivals = gate.arrivals.makeAsyncIterator()
        var renamed = before
        renamed.filename = "never.txt"
        let id = try await host.submit(
            .modifyItem(renamed, baseVersion: before.itemVersion, changedFields: .filename, contents: nil, options: [])
        )
        await arrivals.next()
        #expect(await host.operation(id)?.state == .running)
        await host.stop()
        #expect(await host.operation(id)?.state == .cancelled)
        #expect(await host.item(top) == before)
        #expect(await host.syncStatus == .stopped)
        await #expect(throws: HostError.stopped) { try await host.synchronize() }
    }

    @Test("stopping cancels a catch-up in flight; the replica keeps its anchor")
    func stopCancelsCatchUp() async throws {
        let provider = FakeProvider()
        let host = try HostFixture.host(provider, scheduling: .automatic(maximumConcurrentOperations: 1))
        await host.start()
        try await host.waitUntilIdle()
        let anchor = await host.replica.anchor
        let gate = Gate()
        provider.hold(.enumerateChanges, at: gate)
        var arrivals = gate.arrivals.makeAsyncIterator()
        provider.remoteCreate("late.txt")
        await host.signalEnumerator(for: .workingSet)
        await arrivals.next()
        await host.stop()
        #expect(await host.replica.anchor == anchor)
        #expect(await host.replica.isEmpty)
        #expect(await host.syncStatus == .stopped)
    }

    @Test("a manual run cancelled by stopping ends with the operation cancelled")
    func stopCancelsManualRun() async throws {
        let provider = FakeProvider()
        let gate = Gate()
        provider.hold(.createItem, at: gate)
        var arrivals = gate.arrivals.makeAsyncIterator()
        let host = try HostFixture.host(provider)
        let id = try await host.submit(
            HostFixture.creation("x.txt")
        )
        async let run = host.run(id)
        await arrivals.next()
        await host.stop()
        #expect(try await run.state == .cancelled)
        #expect(provider.allItems.isEmpty)
    }
}
