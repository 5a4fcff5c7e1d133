import Foundation

/// The version of an item: one opaque component for its content and one for its metadata.
///
/// A provider changes ``contentVersion`` if and only if the item's content changes, and changes
/// ``metadataVersion`` whenever any of its metadata does. The system hands the last version it saw
/// back as the base version of a modification or deletion, so the provider can detect conflicts.
/// Each component holds at most ``maximumComponentSize`` bytes.
public struct ItemVersion: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The largest size, in bytes, of either component.
    public static let maximumComponentSize = 128

    /// A component value that no provider ever assigns. The system uses it in a base version for
    /// an item whose provider-assigned version it never saw (for example, an item it created from
    /// a template whose result conflicted on disk).
    public static let beforeFirstSyncComponent = Data("FileProviderKit.beforeFirstSync".utf8)

    /// The opaque version of the item's content.
    public let contentVersion: Data

    /// The opaque version of the item's metadata.
    public let metadataVersion: Data

    /// Creates a version from its two components.
    ///
    /// - Throws: ``FileProviderError/invalidValue(_:)`` — a ``FileProviderError/Code/invalidArgument``
    ///   with reason ``InvalidValueError/Reason/versionComponentTooLarge(component:byteCount:)`` —
    ///   when a component is longer than ``maximumComponentSize`` bytes.
    public init(contentVersion: Data, metadataVersion: Data) throws(FileProviderError) {
        try Self.validate(contentVersion, component: .content)
        try Self.validate(metadataVersion, component: .metadata)
        self.contentVersion = contentVersion
        self.metadataVersion = metadataVersion
    }

    /// Creates a version whose components encode two counters (8 bytes each, big-endian).
    ///
    /// A convenience for providers that count revisions: it cannot fail.
    public init(contentRevision: UInt64, metadataRevision: UInt64) {
        self.contentVersion = Self.encode(contentRevision)
        self.metadataVersion = Self.encode(metadataRevision)
    }

    /// A version with two empty components, for items whose provider does not version them.
    public init() {
        self.contentVersion = Data()
        self.metadataVersion = Data()
    }

    /// A version whose components are both ``beforeFirstSyncComponent``.
    public static let beforeFirstSync = ItemVersion(
        unchecked: beforeFirstSyncComponent,
        metadata: beforeFirstSyncComponent
    )

    /// Decodes a version, validating the size of both components.
    ///
    /// - Throws: ``FileProviderError/invalidValue(_:)`` when a component is too large, or a decoding
    ///   error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            contentVersion: container.decode(Data.self, forKey: .contentVersion),
            metadataVersion: container.decode(Data.self, forKey: .metadataVersion)
        )
    }

    /// The two components in hexadecimal.
    public var description: String {
        "ItemVersion(content: \(Self.hex(contentVersion)), metadata: \(Self.hex(metadataVersion)))"
    }

    private enum CodingKeys: String, CodingKey {
        case contentVersion
        case metadataVersion
    }

    private init(unchecked content: Data, metadata: Data) {
        self.contentVersion = content
        self.metadataVersion = metadata
    }

    private static func validate(
        _ component: Data,
        component kind: InvalidValueError.VersionComponent
    ) throws(FileProviderError) {
        guard component.count <= maximumComponentSize else {
            throw .invalidValue(.versionComponentTooLarge(component: kind, byteCount: component.count))
        }
    }

    private static func encode(_ revision: UInt64) -> Data {
        withUnsafeBytes(of: revision.bigEndian) { Data($0) }
    }

    private static func hex(_ data: Data) -> String {
        guard !data.isEmpty else { return "empty" }
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(data.count * 2)
        for byte in data {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
