import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
#endif

/// The contract's `DomainManager` over Apple's `NSFileProviderManager`: the
/// provider serving an extension signals the system through it exactly as it signals a host on
/// Linux, so the same provider code works in both places.
///
/// Domains cross as `Domain.init(_:)` and `Domain.apple` say; errors as
/// ``AppleErrorBridge`` says. Signalling a domain the system does not have fails with
/// `FileProviderError.Code.providerDomainNotFound`.
public struct AppleDomainManager: DomainManager {
    /// A manager of the application's domains.
    public init() {}

    /// Adds a domain through `NSFileProviderManager.add(_:)`.
    public func add(_ domain: Domain) async throws {
        try await bridged { try await NSFileProviderManager.add(domain.apple) }
    }

    /// Removes a domain through `NSFileProviderManager.remove(_:)`.
    public func remove(_ domain: Domain) async throws {
        let apple = try await appleDomain(domain.identifier)
        try await bridged { try await NSFileProviderManager.remove(apple.value) }
    }

    /// The domains, sorted by identifier; a domain whose identifier the contract refuses is left out.
    public func domains() async throws -> [Domain] {
        try await bridged {
            try await NSFileProviderManager.domains().compactMap { try? Domain($0) }
                .sorted { $0.identifier < $1.identifier }
        }
    }

    /// Signals the system through the domain's manager `signalEnumerator(for:)`.
    public func signalEnumerator(for containerItemIdentifier: ItemIdentifier, in domain: DomainIdentifier) async throws
    {
        let manager = try await self.manager(for: domain)
        try await bridged { try await manager.value.signalEnumerator(for: containerItemIdentifier.apple) }
    }

    /// Signals the system through the domain's manager `signalErrorResolved(_:)`, with the error in
    /// Apple's domains.
    public func signalErrorResolved(_ error: FileProviderError, in domain: DomainIdentifier) async throws {
        let manager = try await self.manager(for: domain)
        let apple = AppleErrorBridge.appleError(for: error)
        try await bridged { try await manager.value.signalErrorResolved(apple) }
    }

    private func appleDomain(_ identifier: DomainIdentifier) async throws -> UncheckedReference<NSFileProviderDomain> {
        let domains = try await bridged { try await NSFileProviderManager.domains() }
        guard let domain = domains.first(where: { $0.identifier.rawValue == identifier.rawValue }) else {
            throw FileProviderError(.providerDomainNotFound, message: "No domain has the identifier \(identifier).")
        }
        return UncheckedReference(domain)
    }

    private func manager(for identifier: DomainIdentifier) async throws -> UncheckedReference<NSFileProviderManager> {
        let domain = try await appleDomain(identifier)
        guard let manager = NSFileProviderManager(for: domain.value) else {
            throw FileProviderError(.providerDomainNotFound, message: "The system has no manager for \(identifier).")
        }
        return UncheckedReference(manager)
    }

    /// Runs a call of Apple's manager, its errors in the contract's terms.
    private func bridged<Value>(_ call: () async throws -> Value) async throws -> Value {
        do {
            return try await call()
        } catch {
            throw AppleErrorBridge.error(fromApple: error)
        }
    }
}
