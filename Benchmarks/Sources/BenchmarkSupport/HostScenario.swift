import FileProviderHost
import FileProviderKit
import InMemoryFileProvider
import Synchronization

/// A reference store of `itemCount` items that remembers 10,000,000 changes, built once, seen through an
/// ``IndependentItemsProvider`` (so a host keeps items of its own), with hosts over it and
/// renames of items picked at random.
public final class HostScenario: Sendable {
    /// The number of items the store was built with.
    public let itemCount: Int
    /// The reference store.
    public let store: InMemoryStore
    /// The store's provider, returning its own item copies.
    public let provider: IndependentItemsProvider
    private let renameRounds = Mutex(0)

    /// Builds the store; this takes seconds at 1,000,000 items.
    public init(itemCount: Int) {
        self.itemCount = itemCount
        store = makeStore(items: itemCount, changeHistoryLimit: 10_000_000)
        provider = IndependentItemsProvider(base: store.makeProvider())
    }

    /// A manual host over the provider, suggesting pages and batches of 200 as the system does.
    public func makeHost() throws -> ProviderHost {
        try ProviderHost(
            provider: provider,
            configuration: HostConfiguration(scheduling: .manual, suggestedPageSize: 200, suggestedBatchSize: 200)
        )
    }

    /// A host that has synchronized.
    public func synchronizedHost() async throws -> ProviderHost {
        let host = try makeHost()
        try await host.synchronize()
        return host
    }

    /// Renames `count` distinct items picked at random (a fresh seed each call, the same seeds
    /// in every run), each to a new name; the changes go to the store's history.
    public func renameRandomItems(_ count: Int) throws {
        let round = renameRounds.withLock {
            $0 += 1
            return $0
        }
        for (change, index) in distinctRandomNumbers(count, in: 1...itemCount, seed: UInt64(round)).enumerated() {
            _ = try store.remote.rename(storeIdentifier(index), to: "CHANGED_\(round)_\(change).jpg")
        }
    }
}
