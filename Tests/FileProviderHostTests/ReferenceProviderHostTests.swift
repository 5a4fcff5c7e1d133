import FileProviderHost
import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

/// The host driving the reference provider, with the provider's own fault injection: the
/// scenarios of the host guide (`Documentation/Host.md`), which quotes this file.
@Suite("The host drives the reference provider")
struct ReferenceProviderHostTests {
    let store: InMemoryStore
    let clock = ManualClock()

    init() throws {
        let domain = Domain(identifier: try DomainIdentifier("guide"), displayName: "Guide")
        store = InMemoryStore(domain: domain, configuration: InMemoryStoreConfiguration(clock: ManualStoreClock()))
    }

    func makeHost() throws -> ProviderHost {
        try ProviderHost(
            provider: store.makeProvider(),
            configuration: HostConfiguration(scheduling: .manual, suggestedPageSize: 2, suggestedBatchSize: 2),
            monitor: ContractMonitor(policy: .fatal),
            clock: clock
        )
    }

    @Test func remoteChangesAndASignalConverge() async throws {
        let host = try makeHost()
        let folder = try store.remote.createFolder(named: "Docs")
        try store.remote.createFile(named: "a.txt", in: folder.itemIdentifier, contents: Data("a".utf8))
        try await host.synchronize()
        #expect(await host.children(of: folder.itemIdentifier).map(\.filename) == ["a.txt"])

        try store.remote.rename(folder.itemIdentifier, to: "Documents")
        try store.remote.createFile(named: "b.txt", in: folder.itemIdentifier)
        await host.signalEnumerator(for: .workingSet)
        let summary = try await host.synchronize()

        #expect(summary.updatedItemCount >= 2)
        #expect(await host.item(folder.itemIdentifier)?.filename == "Documents")
        #expect(try await host.checkConvergence().isEmpty)
        #expect(host.monitor.violations.isEmpty)
        await host.stop()
    }

    @Test func transientErrorsAreRetriedThenSucceed() async throws {
        let host = try makeHost()
        try await host.synchronize()
        store.inject(Fault(.providerDomainTemporarilyUnavailable, operation: .createItem, repetition: .times(2)))
        let template = ItemSnapshot(
            itemIdentifier: "system-1",
            parentItemIdentifier: .rootContainer,
            filename: "Folder",
            contentType: .folder
        )
        let id = try await host.submit(.createItem(template, fields: [.filename], contents: nil, options: []))

        #expect(try await host.run(id).state == .waitingToRetry(failures: 1, delay: .seconds(1)))
        clock.advance(by: .seconds(1))
        #expect(try await host.run(id).state == .waitingToRetry(failures: 2, delay: .seconds(2)))
        clock.advance(by: .seconds(2))
        let record = try await host.run(id)

        #expect(record.state == .succeeded)
        #expect(record.attempts == 3)
        let created = try #require(record.resultItem)
        #expect(await host.item(created.itemIdentifier)?.filename == "Folder")
        await host.stop()
    }

    @Test func resolvableErrorsParkUntilResolved() async throws {
        let host = try makeHost()
        try await host.synchronize()
        store.isOffline = true
        let template = ItemSnapshot(
            itemIdentifier: "system-2",
            parentItemIdentifier: .rootContainer,
            filename: "Later",
            contentType: .folder
        )
        let id = try await host.submit(.createItem(template, fields: [.filename], contents: nil, options: []))
        #expect(try await host.run(id).state == .parked(.serverUnreachable))
        #expect(await host.runnableOperations.isEmpty)

        store.isOffline = false
        await host.signalErrorResolved(FileProviderError(.serverUnreachable))
        #expect(try await host.run(id).state == .succeeded)
        await host.stop()
    }

    @Test func expiredAnchorsAreListedAgainAndConverge() async throws {
        let host = try makeHost()
        try store.remote.createFile(named: "before.txt")
        try await host.synchronize()

        store.resetEpoch()
        try store.remote.createFile(named: "after.txt")
        try await host.synchronize()

        #expect(await host.replica.allItems.map(\.filename).sorted() == ["after.txt", "before.txt"])
        #expect(try await host.checkConvergence().isEmpty)
        await host.stop()
    }

    @Test func aBurstOfSignalsCausesOneCatchUp() async throws {
        let host = try makeHost()
        try await host.synchronize()
        let before = await host.synchronizationCount
        for index in 0..<20 {
            try store.remote.createFile(named: "burst-\(index).txt")
            await host.signalEnumerator(for: .workingSet)
        }
        #expect(await host.isCatchUpPending)
        try await host.synchronize()
        #expect(await host.synchronizationCount == before + 1)
        #expect(await !host.isCatchUpPending)
        #expect(await host.replica.count == 20)
        await host.stop()
    }

    @Test func manyConcurrentLocalOperationsConverge() async throws {
        let host = try ProviderHost(
            provider: store.makeProvider(),
            configuration: HostConfiguration(scheduling: .automatic(maximumConcurrentOperations: 4)),
            monitor: ContractMonitor(policy: .fatal),
            clock: clock
        )
        await host.start()
        try await host.waitUntilIdle()
        for index in 0..<40 {
            let template = ItemSnapshot(
                itemIdentifier: ItemIdentifier("system-\(index)"),
                parentItemIdentifier: .rootContainer,
                filename: "folder-\(index)",
                contentType: .folder
            )
            _ = try await host.submit(.createItem(template, fields: [.filename], contents: nil, options: []))
            if index % 4 == 0 { try store.remote.createFile(named: "remote-\(index).txt") }
        }
        await host.signalEnumerator(for: .workingSet)
        try await host.waitUntilIdle()
        try await host.synchronize()

        #expect(await host.operations.allSatisfy { $0.state == .succeeded })
        #expect(await host.replica.count == 50)
        #expect(try await host.checkConvergence().isEmpty)
        #expect(host.monitor.violations.isEmpty)
        await host.stop()
    }
}
