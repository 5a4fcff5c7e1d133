/// The SQL dialect of a ``CatalogueDatabase``: statements are written once, with `?`
/// placeholders and portable SQL (`INSERT … ON CONFLICT … DO UPDATE` included); only the schema's
/// column types differ.
public enum SQLDialect: Sendable, Hashable {
    /// SQLite 3 (sqlite-nio's bundled library).
    case sqlite
    /// PostgreSQL 13 or later: `?` placeholders become `$1`, `$2`, … .
    case postgres
}
