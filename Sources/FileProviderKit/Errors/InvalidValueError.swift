/// Why a value that breaks one of the contract's limits was rejected at construction.
///
/// The validating initializers of ``Page``, ``SyncAnchor``, ``ItemVersion`` and
/// ``DomainIdentifier`` (and their decoders) throw a ``FileProviderError`` with code
/// ``FileProviderError/Code/invalidArgument`` made by ``FileProviderError/invalidValue(_:)``; this
/// is its ``FileProviderError/underlyingError``, and ``FileProviderError/invalidValueReason`` reads
/// its reason. Nothing is created when it is thrown.
public struct InvalidValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The two components of an ``ItemVersion``.
    public enum VersionComponent: String, Hashable, Sendable {
        /// ``ItemVersion/contentVersion``.
        case content
        /// ``ItemVersion/metadataVersion``.
        case metadata
    }

    /// Why the value was rejected.
    public enum Reason: Hashable, Sendable {
        /// A page's bytes exceed ``Page/maximumSize``.
        case pageTooLarge(byteCount: Int)
        /// A sync anchor's bytes exceed ``SyncAnchor/maximumSize``.
        case syncAnchorTooLarge(byteCount: Int)
        /// A version component exceeds ``ItemVersion/maximumComponentSize``.
        case versionComponentTooLarge(component: VersionComponent, byteCount: Int)
        /// A domain identifier is empty or contains `/` or `:`.
        case invalidDomainIdentifier(String)
    }

    /// Why the value was rejected.
    public let reason: Reason

    /// Creates an error for the given reason.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// A sentence naming the limit and the offending size or value.
    public var description: String {
        switch reason {
        case .pageTooLarge(let byteCount):
            "A page holds \(byteCount) bytes; at most \(Page.maximumSize) are allowed."
        case .syncAnchorTooLarge(let byteCount):
            "A sync anchor holds \(byteCount) bytes; at most \(SyncAnchor.maximumSize) are allowed."
        case .versionComponentTooLarge(let component, let byteCount):
            "The \(component.rawValue) version holds \(byteCount) bytes; at most \(ItemVersion.maximumComponentSize) are allowed."
        case .invalidDomainIdentifier(let value):
            "The domain identifier \"\(value)\" is invalid: it must be non-empty and contain neither '/' nor ':'."
        }
    }
}
