import FileProviderHost
import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

/// The replica's compact storage across many items: listings that span its index's growth, moves
/// between folders, deletions of folders with their contents, and a listing over a replica already
/// full, each ending converged with the reference provider.
@Suite("The replica at scale")
struct ReplicaAtScaleTests {
    @Test("thousands of items listed, moved, renamed and deleted stay converged")
    func thousandsOfItemsConverge() async throws {
        let domain = Domain(identifier: try DomainIdentifier("scale"), displayName: "Scale")
        let store = InMemoryStore(domain: domain, configuration: InMemoryStoreConfiguration(clock: ManualStoreClock()))
        let folders = try (0..<20).map { try store.remote.createFolder(named: "folder \($0)").itemIdentifier }
        var files: [ItemIdentifier] = []
        for index in 0..<3_000 {
            let parent = index % 3 == 0 ? ItemIdentifier.rootContainer : folders[index % folders.count]
            files.append(try store.remote.createFile(named: "file \(index).txt", in: parent).itemIdentifier)
        }
        let host = try ProviderHost(
            provider: store.makeProvider(),
            configuration: HostConfiguration(scheduling: .manual, suggestedPageSize: 7, suggestedBatchSize: 13),
            monitor: ContractMonitor(policy: .fatal)
        )
        let listing = try await host.synchronize()
        #expect(listing.listedItemCount == 3_020)
        #expect(await host.replica.count == 3_020)
        #expect(try await host.checkConvergence().isEmpty)

        for (index, file) in files.enumerated() where index % 5 == 0 {
            try store.remote.move(file, to: folders[(index / 5) % folders.count])
        }
        for (index, file) in files.enumerated() where index % 7 == 1 {
            try store.remote.rename(file, to: "renamed \(index).txt")
        }
        for folder in folders.prefix(4) { try store.remote.delete(folder) }
        try await host.synchronize()
        #expect(try await host.checkConvergence().isEmpty)
        #expect(await host.children(of: folders[0]).isEmpty)
        #expect(await host.item(folders[0]) == nil)
        let expected = store.snapshot().items.filter { !$0.itemIdentifier.isReservedContainer }.count
        #expect(await host.replica.count == expected)

        store.resetEpoch()
        let relisting = try await host.synchronize()
        #expect(relisting.listingCount == 1)
        #expect(try await host.checkConvergence().isEmpty)
        #expect(host.monitor.violations.isEmpty)
        await host.stop()
    }
}
