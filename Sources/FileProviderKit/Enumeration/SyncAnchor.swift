import Foundation

/// A point in a provider's change history: opaque bytes chosen by the provider, at most 500.
///
/// A consumer asks ``Enumerator/currentSyncAnchor()`` before listing, then asks for the changes
/// since that anchor and since every anchor returned afterwards. Anchors must be self-describing:
/// a fresh enumerator, even a fresh provider instance over the same store, must continue from one.
/// A provider that cannot honour an anchor — garbage, another domain's, older than its retained
/// history — fails with ``FileProviderError/Code/syncAnchorExpired`` and the consumer re-lists.
public struct SyncAnchor: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The largest size of an anchor, in bytes.
    public static let maximumSize = 500

    /// The anchor's bytes.
    public let rawValue: Data

    /// Creates an anchor from its bytes.
    ///
    /// - Throws: ``FileProviderError/invalidValue(_:)`` — a ``FileProviderError/Code/invalidArgument``
    ///   with reason ``InvalidValueError/Reason/syncAnchorTooLarge(byteCount:)`` — when `rawValue`
    ///   holds more than ``maximumSize`` bytes.
    public init(_ rawValue: Data) throws(FileProviderError) {
        guard rawValue.count <= Self.maximumSize else {
            throw .invalidValue(.syncAnchorTooLarge(byteCount: rawValue.count))
        }
        self.rawValue = rawValue
    }

    /// Decodes an anchor, validating its size.
    ///
    /// - Throws: ``FileProviderError/invalidValue(_:)`` when the anchor is too large, or a decoding
    ///   error.
    public init(from decoder: any Decoder) throws {
        try self.init(decoder.singleValueContainer().decode(Data.self))
    }

    /// Encodes the anchor's bytes as a single value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The anchor's size.
    public var description: String { "SyncAnchor(\(rawValue.count) bytes)" }
}
