/// Adds, removes and lists domains, and carries a provider's signals to the system.
///
/// The Swift form of Apple's `NSFileProviderManager`, reduced to what a provider and a host need.
/// A provider calls ``signalEnumerator(for:in:)`` after a change on its server, so the system
/// catches up through the working set, and ``signalErrorResolved(_:in:)`` once a resolvable error
/// (expired credentials, a full quota, an unreachable server) is resolved.
public protocol DomainManager: Sendable {
    /// Adds a domain, or updates the properties of the domain with the same identifier.
    ///
    /// - Throws: a ``FileProviderError`` when the domain cannot be added.
    func add(_ domain: Domain) async throws

    /// Removes a domain and everything stored for it.
    ///
    /// - Throws: ``FileProviderError/Code/providerDomainNotFound`` when no domain has its identifier.
    func remove(_ domain: Domain) async throws

    /// The domains, sorted by identifier.
    func domains() async throws -> [Domain]

    /// Tells the system that the container's content changed. Only ``ItemIdentifier/workingSet``
    /// is acted on; other identifiers are accepted and ignored, as on Apple's systems.
    ///
    /// - Throws: ``FileProviderError/Code/providerDomainNotFound`` for an unknown domain.
    func signalEnumerator(for containerItemIdentifier: ItemIdentifier, in domain: DomainIdentifier) async throws

    /// Tells the system that operations held back by a resolvable error with this error's code
    /// may run again.
    ///
    /// - Throws: ``FileProviderError/Code/providerDomainNotFound`` for an unknown domain.
    func signalErrorResolved(_ error: FileProviderError, in domain: DomainIdentifier) async throws
}
