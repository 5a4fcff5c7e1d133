import FileProviderKit

/// A `DomainManager` that plays the system: it keeps the list of domains and carries each
/// provider's signals to the ``ProviderHost`` attached to the provider's domain.
///
/// Create the manager first, hand it to the providers (they signal through it), add their
/// domains, then attach one host per domain. A signal for a domain without a host is accepted and
/// dropped: a host attached later starts with a full synchronization anyway.
public actor HostDomainManager: DomainManager {
    private var domainsByIdentifier: [DomainIdentifier: Domain] = [:]
    private var hostsByDomain: [DomainIdentifier: ProviderHost] = [:]

    /// Creates a manager without domains.
    public init() {}

    /// Adds a domain, or updates the properties of the domain with the same identifier. Never
    /// throws.
    public func add(_ domain: Domain) {
        domainsByIdentifier[domain.identifier] = domain
    }

    /// Removes a domain and stops the host attached to it, which removes its content cache.
    ///
    /// - Throws: `FileProviderError.Code.providerDomainNotFound` when no domain has its
    ///   identifier.
    public func remove(_ domain: Domain) async throws {
        guard domainsByIdentifier.removeValue(forKey: domain.identifier) != nil else {
            throw Self.notFound(domain.identifier)
        }
        await hostsByDomain.removeValue(forKey: domain.identifier)?.stop()
    }

    /// The domains, sorted by identifier. Never throws.
    public func domains() -> [Domain] {
        domainsByIdentifier.values.sorted { $0.identifier < $1.identifier }
    }

    /// Attaches `host` to a domain: the domain's signals go to it from now on, instead of to the
    /// host attached before (which is not stopped).
    ///
    /// - Throws: `FileProviderError.Code.providerDomainNotFound` for an unknown domain.
    public func attach(_ host: ProviderHost, to domain: DomainIdentifier) throws(FileProviderError) {
        guard domainsByIdentifier[domain] != nil else { throw Self.notFound(domain) }
        hostsByDomain[domain] = host
    }

    /// The host attached to a domain, if any.
    public func host(for domain: DomainIdentifier) -> ProviderHost? {
        hostsByDomain[domain]
    }

    /// Forwards the signal to the domain's host (see ``ProviderHost/signalEnumerator(for:)``).
    ///
    /// - Throws: `FileProviderError.Code.providerDomainNotFound` for an unknown domain.
    public func signalEnumerator(for containerItemIdentifier: ItemIdentifier, in domain: DomainIdentifier) async throws
    {
        guard domainsByIdentifier[domain] != nil else { throw Self.notFound(domain) }
        await hostsByDomain[domain]?.signalEnumerator(for: containerItemIdentifier)
    }

    /// Forwards the resolution to the domain's host (see ``ProviderHost/signalErrorResolved(_:)``).
    ///
    /// - Throws: `FileProviderError.Code.providerDomainNotFound` for an unknown domain.
    public func signalErrorResolved(_ error: FileProviderError, in domain: DomainIdentifier) async throws {
        guard domainsByIdentifier[domain] != nil else { throw Self.notFound(domain) }
        await hostsByDomain[domain]?.signalErrorResolved(error)
    }

    private static func notFound(_ domain: DomainIdentifier) -> FileProviderError {
        FileProviderError(.providerDomainNotFound, message: "No domain has the identifier \(domain).")
    }
}
