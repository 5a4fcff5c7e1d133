import FileProviderHost
import FileProviderKit
import Foundation
import Testing

@Suite("Synchronization")
struct SynchronizationTests {
    @Test("the initial synchronization fetches the anchor, lists every page, then catches up")
    func initialSynchronization() async throws {
        let (provider, docs, notes, _) = HostFixture.populatedProvider()
        let host = try HostFixture.host(provider, pageSize: 2)
        #expect(await host.isCatchUpPending)
        let summary = try await host.synchronize()
        #expect(summary.listingCount == 1)
        #expect(summary.listedItemCount == 5)
        #expect(summary.batchCount == 1)
        #expect(provider.calls(of: .enumerateItems) == 3)
        #expect(await host.replica.count == 5)
        #expect(await host.children(of: docs).map(\.filename) == ["a.txt", "b.txt"])
        #expect(await host.children(of: notes).isEmpty)
        #expect(await host.replica.anchor != nil)
        #expect(await !host.isCatchUpPending)
        #expect(await host.syncStatus == .idle)
        #expect(try await host.checkConvergence().isEmpty)
        await host.stop()
    }

    @Test(
        "a synchronization in the caller's task converges as synchronize() does; stop neither cancels nor waits for it, and the status stays stopped"
    )
    func synchronizationInCallerTask() async throws {
        let (provider, docs, _, _) = HostFixture.populatedProvider()
        let host = try HostFixture.host(provider, pageSize: 2)
        let first = try await host.synchronizeInCallerTask()
        #expect(first.listingCount == 1)
        #expect(first.listedItemCount == 5)
        #expect(await host.replica.count == 5)

        let late = provider.remoteCreate("late.txt", in: docs)
        let gate = Gate()
        provider.hold(.enumerateChanges, at: gate)
        var arrivals = gate.arrivals.makeAsyncIterator()
        async let second = host.synchronizeInCallerTask()
        await arrivals.next()
        await host.stop()
        #expect(await host.syncStatus == .stopped)
        gate.open()
        let summary = try await second
        #expect(summary.updatedItemIdentifiers == [late])
        #expect(await host.item(late)?.filename == "late.txt")
        #expect(await host.syncStatus == .stopped)
        await #expect(throws: HostError.stopped) { try await host.synchronizeInCallerTask() }
    }

    @Test("remote changes plus a signal converge: creations, renames, moves, edits, recursive deletions")
    func remoteChangesConverge() async throws {
        let (provider, docs, notes, top) = HostFixture.populatedProvider()
        let host = try HostFixture.host(provider)
        try await host.synchronize()
        let inner = provider.remoteCreate("inner", in: notes, type: .folder)
        let deep = provider.remoteCreate("deep.txt", in: inner)
        provider.remoteMove(top, to: notes, renamedTo: "moved.txt")
        provider.remoteEdit(deep, contents: Data("edited".utf8))
        provider.remoteDelete(docs)
        await host.signalEnumerator(for: .workingSet)
        #expect(await host.isCatchUpPending)
        let summary = try await host.synchronize()
        #expect(summary.listingCount == 0)
        #expect(summary.batchCount == 1)
        #expect(summary.deletedItemCount == 3)
        #expect(summary.deletedItemIdentifiers.count == 3)
        #expect(summary.deletedItemIdentifiers.contains(docs))
        #expect(Set(summary.updatedItemIdentifiers).isSuperset(of: [inner, deep, top]))
        #expect(summary.updatedItemIdentifiers.count == summary.updatedItemCount)
        #expect(await host.item(docs) == nil)
        #expect(await host.children(of: notes).map(\.filename).sorted() == ["inner", "moved.txt"])
        #expect(await host.item(deep)?.documentSize == 6)
        #expect(await host.replica.allItems == provider.allItems)
        #expect(try await host.checkConvergence().isEmpty)
        await host.stop()
    }

    @Test("a catch-up follows moreComing batch after batch until the end")
    func catchUpInSeveralBatches() async throws {
        let provider = FakeProvider()
        let host = try HostFixture.host(provider, batchSize: 2)
        try await host.synchronize()
        for index in 0..<7 { provider.remoteCreate("file-\(index)") }
        let summary = try await host.synchronize()
        #expect(summary.batchCount == 4)
        #expect(summary.updatedItemCount == 7)
        #expect(
            Set(summary.updatedItemIdentifiers) == Set(provider.allItems.map(\.itemIdentifier))
                && summary.updatedItemIdentifiers.count == 7
        )
        #expect(try await host.checkConvergence().isEmpty)
        await host.stop()
    }

    @Test("an expired anchor drops it, lists again and converges")
    func expiredAnchorReenumerates() async throws {
        let (provider, docs, _, top) = HostFixture.populatedProvider()
        let host = try HostFixture.host(provider)
        try await host.synchronize()
        let changesBefore = provider.calls(of: .enumerateChanges)
        provider.remoteDelete(docs)
        provider.remoteMove(top, renamedTo: "renamed.txt")
        provider.expireAnchors()
        let summary = try await host.synchronize()
        #expect(summary.listingCount == 1)
        #expect(summary.listedItemCount == 2)
        #expect(provider.calls(of: .enumerateChanges) == changesBefore + 2)
        #expect(await host.item(docs) == nil)
        #expect(await host.item(top)?.filename == "renamed.txt")
        #expect(try await host.checkConvergence().isEmpty)
        await host.stop()
    }

    @Test("an expired page restarts the listing from the first page")
    func expiredPageRestartsListing() async throws {
        let (provider, _, _, _) = HostFixture.populatedProvider()
        provider.inject(FileProviderError(.pageExpired), into: .enumerateItems, skip: 1)
        let host = try HostFixture.host(provider, pageSize: 2)
        let summary = try await host.synchronize()
        #expect(summary.listingRestartCount == 1)
        #expect(summary.listedItemCount == 5)
        #expect(provider.calls(of: .enumerateItems) == 2 + 3)
        #expect(try await host.checkConvergence().isEmpty)
        await host.stop()
    }

    @Test("expiry past the restart limit fails the synchronization, keeps the replica and waits to retry")
    func expiryPastRestartLimit() async throws {
        let (provider, _, _, _) = HostFixture.populatedProvider()
        provider.inject(FileProviderError(.pageExpired), into: .enumerateItems, times: 10, skip: 1)
        let host = try HostFixture.host(provider, pageSize: 2, maximumRestarts: 2)
        let error = await #expect(throws: FileProviderError.self) { try await host.synchronize() }
        #expect(error?.code == .syncAnchorExpired)
        #expect(await host.syncStatus == .waitingToRetry(failures: 1, delay: .seconds(1)))
        #expect(await host.replica.isEmpty)
        #expect(await host.replica.anchor == nil)
        await host.stop()
    }

    @Test("a resolvable error parks the synchronization until it is resolved")
    func resolvableErrorParksSynchronization() async throws {
        let provider = FakeProvider()
        provider.inject(FileProviderError(.notAuthenticated), into: .enumerateItems)
        let host = try HostFixture.host(provider)
        let error = await #expect(throws: FileProviderError.self) { try await host.synchronize() }
        #expect(error?.code == .notAuthenticated)
        #expect(await host.syncStatus == .parked(.notAuthenticated))
        await host.signalErrorResolved(FileProviderError(.serverUnreachable))
        #expect(await host.syncStatus == .parked(.notAuthenticated))
        await host.signalErrorResolved(FileProviderError(.notAuthenticated))
        #expect(await host.syncStatus == .idle)
        #expect(await host.isCatchUpPending)
        try await host.synchronize()
        #expect(await host.synchronizationCount == 1)
        await host.stop()
    }

    @Test("a container listing is checked but leaves the replica alone")
    func listContainer() async throws {
        let (provider, docs, _, _) = HostFixture.populatedProvider()
        let host = try HostFixture.host(provider, pageSize: 1)
        let items = try await host.listContainer(docs)
        #expect(items.map(\.filename) == ["a.txt", "b.txt"])
        #expect(await host.replica.isEmpty)
        await host.stop()
    }
}
