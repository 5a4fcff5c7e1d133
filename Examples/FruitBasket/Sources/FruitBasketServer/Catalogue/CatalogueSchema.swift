/// The tables of a catalogue, written once for both dialects: only column types differ.
///
/// - `meta`: one row (`id` 1) with the store's epoch, its latest sequence, the history floor
///   (the oldest sequence the change feed can continue from), the bytes stored and
///   `quota_override`, the byte limit an operator set (`POST /v1/admin/quota`), which replaces the
///   configured quota while it is not `NULL`.
/// Every account is a tenant: `items`, `tombstones` and `blobs` carry the `account` they belong
/// to, and every query of the catalogue names it, so an account sees and changes only its own
/// items, deletions and uploads (each account has a root and a trash of its own). The epoch, the
/// sequence, the history floor and the quota are the store's, shared by its accounts.
///
/// - `items`: every item but the root and the trash. `name_key` is ``WireNameRule/key(_:)`` of
///   the name, unique per parent; a child of the trash has its key made unique by its identifier
///   (see `ItemRecord.nameKey(name:parent:id:)`), so trashed items never collide and still sort by
///   name. `date_key` is the
///   modification date, or the lowest finite double without one, so both databases sort it alike.
/// - `tombstones`: the identifier, account and sequence of every deletion since the history
///   floor.
/// - `blobs` and `chunks`: content, as numbered chunks of at most
///   ``Catalogue/chunkSize`` bytes. A blob is `writing` while an upload streams in, `upload` once
///   complete and not yet used, `content` once an item's content (current or one of the older
///   versions kept, with the `content_version` it had).
///   `content_type` is the uniform type identifier given at creation, `NULL` when none was.
/// - `tokens`: bearer tokens and their expiry, shared by every server process of the store.
/// - `revoked_accounts`: the accounts whose credentials an operator revoked: their tokens and
///   their secrets are refused until the row is removed.
public enum CatalogueSchema {
    /// The statements creating the schema in `dialect`; each is idempotent
    /// (`CREATE … IF NOT EXISTS`), so they run at every start.
    public static func statements(for dialect: SQLDialect) -> [String] {
        let key = dialect == .postgres ? "TEXT COLLATE \"C\"" : "TEXT"
        let integer = dialect == .postgres ? "BIGINT" : "INTEGER"
        let real = dialect == .postgres ? "DOUBLE PRECISION" : "REAL"
        let bytes = dialect == .postgres ? "BYTEA" : "BLOB"
        return [
            """
            CREATE TABLE IF NOT EXISTS meta (
                id \(integer) PRIMARY KEY, epoch TEXT NOT NULL, sequence \(integer) NOT NULL,
                history_floor \(integer) NOT NULL, stored_bytes \(integer) NOT NULL)
            """,
            """
            CREATE TABLE IF NOT EXISTS items (
                id \(key) PRIMARY KEY, account \(key) NOT NULL, parent \(key) NOT NULL, name TEXT NOT NULL,
                name_key \(key) NOT NULL, date_key \(real) NOT NULL, kind TEXT NOT NULL,
                content_version \(integer) NOT NULL, metadata_version \(integer) NOT NULL,
                size \(integer), created \(real), modified \(real), last_used \(real),
                tag_data \(bytes), favorite_rank \(integer), symlink_target TEXT,
                flags \(integer) NOT NULL, xattrs \(bytes) NOT NULL, type_code \(integer),
                creator_code \(integer), blob \(key), content_type TEXT)
            """,
            "CREATE UNIQUE INDEX IF NOT EXISTS items_by_account_name ON items (account, parent, name_key)",
            "CREATE INDEX IF NOT EXISTS items_by_account_date ON items (account, parent, date_key, id)",
            "CREATE INDEX IF NOT EXISTS items_by_account_version ON items (account, metadata_version)",
            "CREATE INDEX IF NOT EXISTS items_by_blob ON items (blob)",
            """
            CREATE TABLE IF NOT EXISTS tombstones (
                id \(key) PRIMARY KEY, account \(key) NOT NULL, sequence \(integer) NOT NULL)
            """,
            "CREATE INDEX IF NOT EXISTS tombstones_by_account_sequence ON tombstones (account, sequence)",
            """
            CREATE TABLE IF NOT EXISTS blobs (
                id \(key) PRIMARY KEY, account \(key) NOT NULL, state TEXT NOT NULL, size \(integer) NOT NULL,
                item \(key),
                content_version \(integer), created \(real) NOT NULL)
            """,
            "CREATE INDEX IF NOT EXISTS blobs_by_item ON blobs (item, content_version)",
            "CREATE INDEX IF NOT EXISTS blobs_by_state ON blobs (state, created)",
            """
            CREATE TABLE IF NOT EXISTS chunks (
                blob \(key) NOT NULL, idx \(integer) NOT NULL, data \(bytes) NOT NULL,
                PRIMARY KEY (blob, idx))
            """,
            """
            CREATE TABLE IF NOT EXISTS tokens (
                token \(key) PRIMARY KEY, account TEXT NOT NULL, expires \(real) NOT NULL)
            """,
            "CREATE TABLE IF NOT EXISTS revoked_accounts (account \(key) PRIMARY KEY)",
        ]
    }

    /// The columns added after the tables were first created, as (table, column, type): a store
    /// made before gains them at its next start (see ``columnCountQuery(table:column:dialect:)``).
    public static let addedColumns: [(table: String, column: String, type: String)] = [
        ("items", "content_type", "TEXT"), ("meta", "quota_override", "BIGINT"),
    ]

    /// The query counting the columns of `table` named `column` (one row, `count` 0 or 1).
    public static func columnCountQuery(table: String, column: String, dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite:
            "SELECT COUNT(*) AS count FROM pragma_table_info('\(table)') WHERE name = '\(column)'"
        case .postgres:
            """
            SELECT COUNT(*) AS count FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = '\(table)' AND column_name = '\(column)'
            """
        }
    }
}
