import Foundation
import FruitBasketAPI

/// An item as a row of `items`: the wire item and the blob holding its current content.
struct ItemRecord: Sendable, Hashable {
    /// The item (its `childCount` as counted when read).
    var item: WireItem
    /// The blob of a file's current content; `nil` for folders and links.
    var blob: String?

    /// The columns every item query selects, `child_count` counted for folders.
    static let columns = """
        id, parent, name, kind, content_version, metadata_version, size, created, modified, \
        last_used, tag_data, favorite_rank, symlink_target, flags, xattrs, type_code, creator_code, \
        blob, CASE WHEN kind = 'folder' THEN (SELECT COUNT(*) FROM items c WHERE c.parent = items.id) \
        END AS child_count
        """

    /// The key an item is unique by among its siblings: outside the trash its name's
    /// ``WireNameRule/key(_:)``, in the trash that key made unique by U+0001 and the identifier
    /// (sorting before any longer name with the same start, as the bare key would).
    static func nameKey(name: String, parent: String, id: String) -> String {
        let key = WireNameRule.key(name)
        return parent == WireIdentifiers.trash ? "\(key)\u{1}\(id)" : key
    }

    /// The sort key of the date order: the modification date, or the lowest finite double.
    static func dateKey(_ modified: Double?) -> Double { modified ?? -Double.greatestFiniteMagnitude }

    /// Reads a row selected with ``columns``.
    ///
    /// - Throws: ``APIErrorBody`` `internalError` when the row is not an item's.
    init(row: SQLRow) throws {
        guard let id = row["id"].string, let parent = row["parent"].string, let name = row["name"].string,
            let kind = row["kind"].string.flatMap(WireItemKind.init(rawValue:)),
            let contentVersion = row["content_version"].int64, let metadataVersion = row["metadata_version"].int64,
            let flags = row["flags"].int64, let xattrBytes = row["xattrs"].bytes
        else { throw APIErrorBody(.internalError, "The database holds an item row that cannot be read.") }
        let attributes = try JSONDecoder().decode([String: Data].self, from: Data(xattrBytes))
        item = WireItem(
            id: id,
            parent: parent,
            name: name,
            kind: kind,
            contentVersion: contentVersion,
            metadataVersion: metadataVersion,
            size: row["size"].int64,
            childCount: row["child_count"].int64.map { Int($0) },
            created: row["created"].double,
            modified: row["modified"].double,
            lastUsed: row["last_used"].double,
            tagData: row["tag_data"].bytes.map { Data($0) },
            favoriteRank: row["favorite_rank"].int64.map { UInt64(bitPattern: $0) },
            symlinkTarget: row["symlink_target"].string,
            flags: Int(flags),
            extendedAttributes: attributes,
            typeCode: row["type_code"].int64.map { UInt32(truncatingIfNeeded: $0) },
            creatorCode: row["creator_code"].int64.map { UInt32(truncatingIfNeeded: $0) }
        )
        blob = row["blob"].string
    }

    /// Creates a record.
    init(item: WireItem, blob: String?) {
        self.item = item
        self.blob = blob
    }

    /// Inserts the record as `account`'s, or replaces the stored row with the same identifier
    /// (whose account stays).
    func save(account: String, in sql: any SQLExecutor) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let attributes = try encoder.encode(item.extendedAttributes)
        try await sql.run(
            """
            INSERT INTO items (account, id, parent, name, name_key, date_key, kind, content_version, metadata_version,
                size, created, modified, last_used, tag_data, favorite_rank, symlink_target, flags, xattrs,
                type_code, creator_code, blob)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET parent = excluded.parent, name = excluded.name,
                name_key = excluded.name_key, date_key = excluded.date_key, kind = excluded.kind,
                content_version = excluded.content_version, metadata_version = excluded.metadata_version,
                size = excluded.size, created = excluded.created, modified = excluded.modified,
                last_used = excluded.last_used, tag_data = excluded.tag_data,
                favorite_rank = excluded.favorite_rank, symlink_target = excluded.symlink_target,
                flags = excluded.flags, xattrs = excluded.xattrs, type_code = excluded.type_code,
                creator_code = excluded.creator_code, blob = excluded.blob
            """,
            [
                .text(account), .text(item.id), .text(item.parent), .text(item.name),
                .text(Self.nameKey(name: item.name, parent: item.parent, id: item.id)),
                .real(Self.dateKey(item.modified)), .text(item.kind.rawValue), .integer(item.contentVersion),
                .integer(item.metadataVersion), SQLValue(item.size), SQLValue(item.created),
                SQLValue(item.modified), SQLValue(item.lastUsed), item.tagData.map { .blob(Array($0)) } ?? .null,
                SQLValue(item.favoriteRank.map { Int64(bitPattern: $0) }), SQLValue(item.symlinkTarget),
                .integer(Int64(item.flags)), .blob(Array(attributes)), SQLValue(item.typeCode.map { Int64($0) }),
                SQLValue(item.creatorCode.map { Int64($0) }), SQLValue(blob),
            ]
        )
    }
}
