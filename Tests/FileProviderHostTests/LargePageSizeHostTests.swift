import FileProviderHost
import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

/// The host passes its configured page and batch sizes to the provider as they are: the largest
/// values must synchronize like any other.
@Suite("The host with huge page and batch sizes")
struct LargePageSizeHostTests {
    @Test("synchronizing with the largest sizes lists and catches up", arguments: [Int.max, Int.max - 1, 1 << 40])
    func hugeSizes(size: Int) async throws {
        let domain = Domain(identifier: try DomainIdentifier("huge"), displayName: "Huge")
        let store = InMemoryStore(domain: domain, configuration: InMemoryStoreConfiguration(clock: ManualStoreClock()))
        let folder = try store.remote.createFolder(named: "Docs")
        for index in 0..<3 { try store.remote.createFile(named: "f\(index).txt", in: folder.itemIdentifier) }
        let host = try ProviderHost(
            provider: store.makeProvider(),
            configuration: HostConfiguration(scheduling: .manual, suggestedPageSize: size, suggestedBatchSize: size),
            monitor: ContractMonitor(policy: .fatal),
            clock: ManualClock()
        )
        try await host.synchronize()
        #expect(await host.children(of: folder.itemIdentifier).map(\.filename) == ["f0.txt", "f1.txt", "f2.txt"])
        try store.remote.createFile(named: "f3.txt", in: folder.itemIdentifier)
        await host.signalEnumerator(for: .workingSet)
        try await host.synchronize()
        #expect(await host.children(of: folder.itemIdentifier).count == 4)
    }
}
