import FileProviderKit

/// A `DomainManager` that keeps each domain's data in an ``InMemoryStore`` and publishes the
/// signals providers send as ``signals``, for a host to act on.
///
/// Adding a domain creates its store; adding it again updates its properties and keeps its data.
/// Removing a domain drops its data: providers still holding the store fail every operation
/// with `FileProviderError.Code.providerDomainNotFound`, and adding the domain again starts an
/// empty store with a new epoch, so no page or anchor of the old one is honoured. Each new store
/// gets the manager's configuration with the next epoch (the configuration's initial epoch, then
/// one more per store), so a seeded run is reproducible.
public final class InMemoryDomainManager: DomainManager {
    /// Every signal sent through the manager or by its stores, in order. A single consumer (the
    /// host) iterates it; signals are buffered until it does.
    public let signals: AsyncStream<DomainSignal>
    private let continuation: AsyncStream<DomainSignal>.Continuation
    private let configuration: InMemoryStoreConfiguration
    private let state: LockedValue<(stores: [DomainIdentifier: InMemoryStore], nextEpoch: UInt64)>

    /// Creates a manager without domains whose stores use `configuration`.
    public init(configuration: InMemoryStoreConfiguration = InMemoryStoreConfiguration()) {
        (signals, continuation) = AsyncStream.makeStream(of: DomainSignal.self)
        self.configuration = configuration
        self.state = LockedValue(([:], configuration.initialEpoch))
    }

    deinit {
        continuation.finish()
    }

    /// Adds a domain with an empty store, or updates the properties of an existing one.
    public func add(_ domain: Domain) async throws {
        state.withLock { state in
            if let store = state.stores[domain.identifier] {
                store.domain = domain
                return
            }
            var configuration = self.configuration
            configuration.initialEpoch = state.nextEpoch
            state.nextEpoch &+= 1
            let continuation = self.continuation
            state.stores[domain.identifier] = InMemoryStore(domain: domain, configuration: configuration) {
                continuation.yield($0)
            }
        }
    }

    /// Removes a domain and drops its data.
    ///
    /// - Throws: `FileProviderError.Code.providerDomainNotFound` when no domain has its identifier.
    public func remove(_ domain: Domain) async throws {
        let store = try state.withLock { (state) throws(FileProviderError) in
            guard let store = state.stores.removeValue(forKey: domain.identifier) else {
                throw Self.notFound(domain.identifier)
            }
            return store
        }
        store.removeAll()
    }

    /// The domains, sorted by identifier.
    public func domains() async throws -> [Domain] {
        let stores = state.withLock { Array($0.stores.values) }
        return stores.map(\.domain).sorted { $0.identifier < $1.identifier }
    }

    /// Publishes `.enumerator(container, domain:)` on ``signals``.
    ///
    /// - Throws: `FileProviderError.Code.providerDomainNotFound` for an unknown domain.
    public func signalEnumerator(for containerItemIdentifier: ItemIdentifier, in domain: DomainIdentifier) async throws
    {
        _ = try store(for: domain)
        continuation.yield(.enumerator(containerItemIdentifier, domain: domain))
    }

    /// Publishes `.errorResolved(error.code, domain:)` on ``signals``.
    ///
    /// - Throws: `FileProviderError.Code.providerDomainNotFound` for an unknown domain.
    public func signalErrorResolved(_ error: FileProviderError, in domain: DomainIdentifier) async throws {
        _ = try store(for: domain)
        continuation.yield(.errorResolved(error.code, domain: domain))
    }

    /// The store of a domain.
    ///
    /// - Throws: `FileProviderError.Code.providerDomainNotFound` for an unknown domain.
    public func store(for domain: DomainIdentifier) throws(FileProviderError) -> InMemoryStore {
        guard let store = state.withLock({ $0.stores[domain] }) else { throw Self.notFound(domain) }
        return store
    }

    /// A new provider for a domain.
    ///
    /// - Throws: `FileProviderError.Code.providerDomainNotFound` for an unknown domain.
    public func provider(for domain: DomainIdentifier) throws(FileProviderError) -> InMemoryFileProvider {
        try store(for: domain).makeProvider()
    }

    private static func notFound(_ domain: DomainIdentifier) -> FileProviderError {
        FileProviderError(.providerDomainNotFound, message: "No domain has the identifier \(domain).")
    }
}
