#if !canImport(FileProvider)
import Foundation

/// Apple's `NSFileProviderDomainIdentifier` (stand-in on Linux).
public struct NSFileProviderDomainIdentifier: RawRepresentable, Hashable, Sendable {
    /// The identifier's string.
    public let rawValue: String
    /// Creates an identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates an identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// Apple's `NSFileProviderDomain` (stand-in on Linux), with the properties the bridge carries.
open class NSFileProviderDomain: NSObject, @unchecked Sendable {
    /// The domain's identifier.
    public let identifier: NSFileProviderDomainIdentifier
    /// The name shown to the user.
    public let displayName: String
    /// Whether the domain has a trash.
    open var supportsSyncingTrash = true
    /// Whether the domain is hidden.
    open var isHidden = false
    /// Whether the user enabled the domain.
    open var userEnabled: Bool { true }

    /// Creates a domain.
    public init(identifier: NSFileProviderDomainIdentifier, displayName: String) {
        self.identifier = identifier
        self.displayName = displayName
    }
}
#endif
