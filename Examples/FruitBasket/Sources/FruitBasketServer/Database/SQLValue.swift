/// A value bound to a SQL statement or read from a row, in the types both databases share.
public enum SQLValue: Sendable, Hashable {
    /// SQL `NULL`.
    case null
    /// A 64-bit integer (`INTEGER` in SQLite, `BIGINT` in PostgreSQL).
    case integer(Int64)
    /// A double (`REAL` / `DOUBLE PRECISION`).
    case real(Double)
    /// Text (`TEXT`).
    case text(String)
    /// Bytes (`BLOB` / `BYTEA`).
    case blob([UInt8])
}
