import Foundation
import FruitBasketAPI

/// The store's domain logic over a ``CatalogueDatabase``: items, their content, the change feed
/// and listings, written once in portable SQL for every dialect.
///
/// Every change runs in one totally ordered transaction and takes the next numbers of the
/// store's global sequence (one per item changed or deleted), which become the item's versions.
/// Errors are ``APIErrorBody`` values with the code the HTTP answer carries; a refused change
/// leaves the store untouched.
public final class Catalogue: Sendable {
    /// The most bytes a row of `chunks` holds: uploads are stored, and content is served, one
    /// chunk at a time.
    public static let chunkSize = 256 * 1024

    /// The database.
    public let database: any CatalogueDatabase
    /// The most bytes uploads and kept content may take together, or `nil` for no limit, as
    /// configured; a limit an operator sets (``setQuota(remainingBytes:)``) replaces it until
    /// lifted. An upload that needs room first removes older content versions (never current
    /// content).
    public let quota: Int64?
    /// How many content versions of a file are kept, the current one included (at least 1).
    public let keptVersions: Int
    let clock: @Sendable () -> Date
    let onCommit: @Sendable (Int64) -> Void

    /// Opens the catalogue, creating its schema and its first epoch when the database is new.
    ///
    /// - Parameters:
    ///   - database: the database; its schema is created or checked.
    ///   - quota: the byte limit of uploads and kept content, or `nil`.
    ///   - keptVersions: the content versions kept per file, the current one included.
    ///   - clock: the time stamped on new items and content.
    ///   - onCommit: called with the store's sequence after every committed change.
    /// - Throws: the database's error.
    public init(
        database: any CatalogueDatabase,
        quota: Int64? = nil,
        keptVersions: Int = 3,
        clock: @escaping @Sendable () -> Date = { Date() },
        onCommit: @escaping @Sendable (Int64) -> Void = { _ in }
    ) async throws {
        self.database = database
        self.quota = quota
        self.keptVersions = max(1, keptVersions)
        self.clock = clock
        self.onCommit = onCommit
        let statements = CatalogueSchema.statements(for: database.dialect)
        try await database.transaction { sql in
            for statement in statements { try await sql.run(statement, []) }
            for added in CatalogueSchema.addedColumns {
                let query = CatalogueSchema.columnCountQuery(
                    table: added.table,
                    column: added.column,
                    dialect: database.dialect
                )
                if try await sql.first(query, [])?["count"].int64 == 0 {
                    let guarded = database.dialect == .postgres ? "IF NOT EXISTS " : ""
                    try await sql.run(
                        "ALTER TABLE \(added.table) ADD COLUMN \(guarded)\(added.column) \(added.type)",
                        []
                    )
                }
            }
            try await sql.run(
                """
                INSERT INTO meta (id, epoch, sequence, history_floor, stored_bytes) VALUES (1, ?, 0, 0, 0)
                ON CONFLICT (id) DO NOTHING
                """,
                [.text(Self.newEpoch())]
            )
        }
    }

    /// A fresh random epoch: 16 hexadecimal digits.
    static func newEpoch() -> String {
        let value = UInt64.random(in: .min ... .max)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    // MARK: State

    /// The store's epoch, sequence and current change-feed cursor.
    public func state() async throws -> ServerState {
        try await database.read { sql in try await Self.meta(sql).state }
    }

    /// Reads the `meta` row.
    static func meta(_ sql: any SQLExecutor) async throws -> Meta {
        guard
            let row = try await sql.first(
                "SELECT epoch, sequence, history_floor, stored_bytes, quota_override FROM meta WHERE id = 1",
                []
            ),
            let epoch = row["epoch"].string, let sequence = row["sequence"].int64,
            let floor = row["history_floor"].int64, let stored = row["stored_bytes"].int64
        else { throw APIErrorBody(.internalError, "The database has no meta row.") }
        return Meta(
            epoch: epoch,
            sequence: sequence,
            historyFloor: floor,
            storedBytes: stored,
            quotaOverride: row["quota_override"].int64
        )
    }

    /// Runs `body` in one ordered transaction with a ``ChangeTransaction`` that hands out
    /// sequence numbers and counts stored bytes, saves both in `meta`, has the database announce
    /// the commit to other processes when the sequence moved, and reports the new sequence to
    /// `onCommit` once committed.
    func change<Result: Sendable>(
        _ body: @Sendable (ChangeTransaction) async throws -> Result
    ) async throws -> Result {
        let (quota, database) = (self.quota, self.database)
        let (result, sequence, changed) = try await database.transaction { sql in
            let meta = try await Self.meta(sql)
            let transaction = ChangeTransaction(sql: sql, meta: meta, quota: meta.quotaOverride ?? quota)
            let result = try await body(transaction)
            try await transaction.save()
            if transaction.changed { try await database.announceCommit(through: sql) }
            return (result, transaction.sequence, transaction.changed)
        }
        if changed { onCommit(sequence) }
        return result
    }

    // MARK: Items

    /// The item `id` of `account`; the root and the trash are folders of their own.
    ///
    /// - Throws: ``APIErrorBody`` `noSuchItem`, also for another account's item.
    public func item(_ id: String, account: String) async throws -> WireItem {
        try await database.read { sql in try await Self.existingItem(id, account: account, in: sql) }
    }

    /// The item `id` of `account` (the root and the trash as synthesized folders), or
    /// `noSuchItem`.
    static func existingItem(_ id: String, account: String, in sql: any SQLExecutor) async throws -> WireItem {
        if id == WireIdentifiers.root || id == WireIdentifiers.trash {
            let count = try await sql.first(
                "SELECT COUNT(*) AS n FROM items WHERE account = ? AND parent = ?",
                [.text(account), .text(id)]
            )
            return WireItem(
                id: id,
                parent: WireIdentifiers.root,
                name: "",
                kind: .folder,
                contentVersion: 0,
                metadataVersion: 0,
                childCount: Int(count?["n"].int64 ?? 0)
            )
        }
        guard let record = try await record(id, account: account, in: sql) else {
            throw APIErrorBody(.noSuchItem, "No item has the identifier \(id).")
        }
        return record.item
    }

    /// The stored row of `account`'s item `id`, or `nil` (also for another account's item).
    static func record(_ id: String, account: String, in sql: any SQLExecutor) async throws -> ItemRecord? {
        try await sql.first(
            "SELECT \(ItemRecord.columns) FROM items WHERE id = ? AND account = ?",
            [.text(id), .text(account)]
        ).map(ItemRecord.init)
    }

    /// The child of `account`'s folder `parent` whose name collides with `name`, other than
    /// `excluded`; nothing collides in the trash.
    static func collidingItem(
        named name: String,
        in parent: String,
        excluding excluded: String?,
        account: String,
        sql: any SQLExecutor
    ) async throws -> WireItem? {
        guard parent != WireIdentifiers.trash else { return nil }
        let row = try await sql.first(
            "SELECT \(ItemRecord.columns) FROM items WHERE account = ? AND parent = ? AND name_key = ?",
            [.text(account), .text(parent), .text(WireNameRule.key(name))]
        )
        guard let row, let found = try? ItemRecord(row: row), found.item.id != excluded else { return nil }
        return found.item
    }

    /// Checks that `id` can hold `account`'s children: the root, the trash or its folder.
    ///
    /// - Throws: ``APIErrorBody`` `noSuchItem`, also for another account's folder.
    static func validateContainer(_ id: String, account: String, sql: any SQLExecutor) async throws {
        if id == WireIdentifiers.root || id == WireIdentifiers.trash { return }
        guard
            let row = try await sql.first(
                "SELECT kind FROM items WHERE id = ? AND account = ?",
                [.text(id), .text(account)]
            ),
            row["kind"].string == WireItemKind.folder.rawValue
        else { throw APIErrorBody(.noSuchItem, "No folder has the identifier \(id).") }
    }

    /// Checks a name against ``WireNameRule``.
    ///
    /// - Throws: ``APIErrorBody`` `invalidName`.
    static func validateName(_ name: String) throws {
        if let problem = WireNameRule.problem(in: name) { throw APIErrorBody(.invalidName, "\(problem).") }
    }

    /// Checks that `flags` holds only the bits ``WireItem/flags`` defines.
    ///
    /// - Throws: ``APIErrorBody`` `invalidRequest`.
    static func validateFlags(_ flags: Int) throws {
        if flags & ~31 != 0 { throw APIErrorBody(.invalidRequest, "The flags \(flags) hold undefined bits.") }
    }

    /// Checks that `contentType`, when given, is a non-empty identifier of at most 255 bytes of
    /// UTF-8 without NUL.
    ///
    /// - Throws: ``APIErrorBody`` `invalidRequest`.
    static func validateContentType(_ contentType: String?) throws {
        guard let contentType else { return }
        if contentType.isEmpty || contentType.utf8.count > 255 || contentType.contains("\0") {
            throw APIErrorBody(
                .invalidRequest,
                "A content type is 1 to 255 bytes of UTF-8 without NUL; \(contentType.utf8.count) bytes were given."
            )
        }
    }

    /// Refuses the root and the trash.
    ///
    /// - Throws: ``APIErrorBody`` `reservedItem`.
    static func refuseReserved(_ id: String) throws {
        if id == WireIdentifiers.root || id == WireIdentifiers.trash {
            throw APIErrorBody(.reservedItem, "The root and the trash cannot be changed or deleted.")
        }
    }
}

/// The `meta` row.
struct Meta: Sendable {
    var epoch: String
    var sequence: Int64
    var historyFloor: Int64
    var storedBytes: Int64
    /// The byte limit an operator set, which replaces the configured one, or `nil`.
    var quotaOverride: Int64?

    /// The state a client sees.
    var state: ServerState {
        ServerState(
            epoch: epoch,
            sequence: sequence,
            cursor: ChangeCursor(epoch: epoch, updates: sequence, deletions: sequence).encoded
        )
    }
}
