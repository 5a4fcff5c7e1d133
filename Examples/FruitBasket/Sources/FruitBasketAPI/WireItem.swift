import Foundation

/// An item as the server stores and serves it.
///
/// Versions are server sequence numbers: `metadataVersion` is the sequence of the item's latest
/// change of any kind, `contentVersion` the sequence of the latest change of its content (for a
/// folder, its creation). Both only grow. Dates are seconds since 2001-01-01 00:00:00 UTC (a JSON
/// number), Foundation's reference date: a `Date` stores exactly that double, so a date
/// round-trips bit for bit (seconds since 1970 would round some fractional dates).
public struct WireItem: Codable, Sendable, Hashable {
    /// The server-assigned identifier, never reused. The root is ``WireIdentifiers/root``, the
    /// trash ``WireIdentifiers/trash``.
    public var id: String
    /// The folder holding the item: a folder's identifier, ``WireIdentifiers/root`` or
    /// ``WireIdentifiers/trash``.
    public var parent: String
    /// The item's name, unique among its siblings once normalised (see ``WireNameRule``).
    public var name: String
    /// File, folder or symbolic link.
    public var kind: WireItemKind
    /// The sequence of the latest change of the content.
    public var contentVersion: Int64
    /// The sequence of the latest change of any kind.
    public var metadataVersion: Int64
    /// The content's size in bytes; `nil` for folders.
    public var size: Int64?
    /// The number of children of a folder; `nil` for other items.
    public var childCount: Int?
    /// When the item was created.
    public var created: Double?
    /// When the content last changed.
    public var modified: Double?
    /// When the user last used the item.
    public var lastUsed: Double?
    /// The opaque tag blob, base64 in JSON.
    public var tagData: Data?
    /// The item's rank among favorites.
    public var favoriteRank: UInt64?
    /// The target path of a symbolic link; `nil` for other items.
    public var symlinkTarget: String?
    /// The permission and visibility bits: 1 user-executable, 2 user-readable, 4 user-writable,
    /// 8 hidden, 16 extension hidden. Other bits are refused.
    public var flags: Int
    /// The synchronized extended attributes, values base64 in JSON.
    public var extendedAttributes: [String: Data]
    /// The classic type code, or `nil`.
    public var typeCode: UInt32?
    /// The classic creator code, or `nil`.
    public var creatorCode: UInt32?

    /// Creates an item.
    public init(
        id: String,
        parent: String,
        name: String,
        kind: WireItemKind,
        contentVersion: Int64,
        metadataVersion: Int64,
        size: Int64? = nil,
        childCount: Int? = nil,
        created: Double? = nil,
        modified: Double? = nil,
        lastUsed: Double? = nil,
        tagData: Data? = nil,
        favoriteRank: UInt64? = nil,
        symlinkTarget: String? = nil,
        flags: Int = 6,
        extendedAttributes: [String: Data] = [:],
        typeCode: UInt32? = nil,
        creatorCode: UInt32? = nil
    ) {
        self.id = id
        self.parent = parent
        self.name = name
        self.kind = kind
        self.contentVersion = contentVersion
        self.metadataVersion = metadataVersion
        self.size = size
        self.childCount = childCount
        self.created = created
        self.modified = modified
        self.lastUsed = lastUsed
        self.tagData = tagData
        self.favoriteRank = favoriteRank
        self.symlinkTarget = symlinkTarget
        self.flags = flags
        self.extendedAttributes = extendedAttributes
        self.typeCode = typeCode
        self.creatorCode = creatorCode
    }

    /// The entity tag of the item's current version, as `ETag` carries it and `If-Match` must
    /// repeat it: `"<contentVersion>.<metadataVersion>"`, quotes included.
    public var entityTag: String { WireVersion(content: contentVersion, metadata: metadataVersion).entityTag }
}

extension WireItem {
    /// Decodes an item. `parent`, `name` and `kind` are required; the fields a creation does
    /// not need may be left out: `id` (""), both versions (0), `flags` (6, readable and writable)
    /// and `extendedAttributes` (none), so `POST /v1/items` needs no field the server ignores.
    /// The server's answers always carry every field.
    ///
    /// - Throws: `DecodingError` for a missing required field or a value of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decodeIfPresent(String.self, forKey: .id) ?? "",
            parent: try container.decode(String.self, forKey: .parent),
            name: try container.decode(String.self, forKey: .name),
            kind: try container.decode(WireItemKind.self, forKey: .kind),
            contentVersion: try container.decodeIfPresent(Int64.self, forKey: .contentVersion) ?? 0,
            metadataVersion: try container.decodeIfPresent(Int64.self, forKey: .metadataVersion) ?? 0,
            size: try container.decodeIfPresent(Int64.self, forKey: .size),
            childCount: try container.decodeIfPresent(Int.self, forKey: .childCount),
            created: try container.decodeIfPresent(Double.self, forKey: .created),
            modified: try container.decodeIfPresent(Double.self, forKey: .modified),
            lastUsed: try container.decodeIfPresent(Double.self, forKey: .lastUsed),
            tagData: try container.decodeIfPresent(Data.self, forKey: .tagData),
            favoriteRank: try container.decodeIfPresent(UInt64.self, forKey: .favoriteRank),
            symlinkTarget: try container.decodeIfPresent(String.self, forKey: .symlinkTarget),
            flags: try container.decodeIfPresent(Int.self, forKey: .flags) ?? 6,
            extendedAttributes: try container.decodeIfPresent([String: Data].self, forKey: .extendedAttributes) ?? [:],
            typeCode: try container.decodeIfPresent(UInt32.self, forKey: .typeCode),
            creatorCode: try container.decodeIfPresent(UInt32.self, forKey: .creatorCode)
        )
    }
}
