#if !canImport(FileProvider)
import Foundation
import Synchronization

/// Apple's `NSFileProviderManager` (stand-in on Linux), reduced to the domain registry and the
/// two signals the bridge forwards. The registry lives in the process; signals are counted per
/// domain so that tests can see them (``signalCount(for:in:)``).
open class NSFileProviderManager: NSObject, @unchecked Sendable {
    private static let registry = Mutex<Registry>(Registry())
    private let domain: NSFileProviderDomain

    /// The manager of a domain.
    public init?(for domain: NSFileProviderDomain) {
        self.domain = domain
    }

    /// Adds a domain, or updates the one with the same identifier.
    open class func add(_ domain: NSFileProviderDomain) async throws {
        registry.withLock { $0.domains[domain.identifier] = domain }
    }

    /// Removes a domain.
    open class func remove(_ domain: NSFileProviderDomain) async throws {
        try registry.withLock { registry in
            guard registry.domains.removeValue(forKey: domain.identifier) != nil else {
                throw NSError(domain: NSFileProviderErrorDomain, code: -2013)
            }
        }
    }

    /// The domains, in no particular order.
    open class func domains() async throws -> [NSFileProviderDomain] {
        registry.withLock { Array($0.domains.values) }
    }

    /// Tells the system that a container changed.
    open func signalEnumerator(for containerItemIdentifier: NSFileProviderItemIdentifier) async throws {
        try count(.init(domain: domain.identifier, name: "enumerator:\(containerItemIdentifier.rawValue)"))
    }

    /// Tells the system that a resolvable error is resolved.
    open func signalErrorResolved(_ error: any Error) async throws {
        try count(.init(domain: domain.identifier, name: "resolved:\((error as NSError).code)"))
    }

    /// How many times `signalEnumerator(for:)` was called for a container of a domain (stand-in only).
    public static func signalCount(
        for containerItemIdentifier: NSFileProviderItemIdentifier,
        in domain: NSFileProviderDomainIdentifier
    ) -> Int {
        registry.withLock {
            $0.signals[.init(domain: domain, name: "enumerator:\(containerItemIdentifier.rawValue)")] ?? 0
        }
    }

    private func count(_ key: Registry.SignalKey) throws {
        try Self.registry.withLock { registry in
            guard registry.domains[key.domain] != nil else {
                throw NSError(domain: NSFileProviderErrorDomain, code: -2013)
            }
            registry.signals[key, default: 0] += 1
        }
    }

    private struct Registry: @unchecked Sendable {
        struct SignalKey: Hashable {
            var domain: NSFileProviderDomainIdentifier
            var name: String
        }
        var domains: [NSFileProviderDomainIdentifier: NSFileProviderDomain] = [:]
        var signals: [SignalKey: Int] = [:]
    }
}
#endif
