/// Why a ``PostgresCatalogueDatabase`` refused or failed a call.
public enum PostgresDatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The database was closed; no further call succeeds.
    case closed
    /// A statement's `?` placeholders and its bound values differ in number; nothing was sent.
    case placeholderMismatch(placeholders: Int, binds: Int)
    /// A text of several statements was given values to bind; only a single statement takes them.
    case bindsInMultipleStatements(statements: Int)
    /// A result column has a type no ``SQLValue`` represents.
    case unsupportedColumnType(column: String, type: String)
    /// The server refused a statement, or the login (then `sql` is empty): its SQLSTATE code
    /// (`23505` is a unique violation, `25006` a write in a read-only transaction, `3D000` a
    /// database that does not exist, …), its message and the statement.
    case statementFailed(sqlState: String, message: String, sql: String)
    /// An earlier statement of the transaction failed (its error was caught by the body), so
    /// PostgreSQL aborted the transaction: it was rolled back instead of committed.
    case transactionAborted(sqlState: String, message: String)
    /// The executor was used after its transaction ended.
    case transactionEnded
    /// No connection could be made or the connection failed; the detail is PostgresNIO's.
    case connectionFailed(String)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .closed: return "The PostgreSQL database was closed."
        case .placeholderMismatch(let placeholders, let binds):
            return "The statement has \(placeholders) placeholders but \(binds) values were bound."
        case .bindsInMultipleStatements(let statements):
            return "Values were bound to a text of \(statements) statements; bind them to one statement at a time."
        case .unsupportedColumnType(let column, let type):
            return "The column '\(column)' has the PostgreSQL type \(type), which no SQLValue represents."
        case .statementFailed(let sqlState, let message, let sql):
            let statement = sql.isEmpty ? "" : " Statement: \(sql)"
            return "PostgreSQL refused (SQLSTATE \(sqlState)): \(message).\(statement)"
        case .transactionAborted(let sqlState, let message):
            return "A statement of the transaction failed (SQLSTATE \(sqlState): \(message)), so it was rolled back."
        case .transactionEnded: return "The SQL executor was used after its transaction ended."
        case .connectionFailed(let detail): return "The PostgreSQL connection failed: \(detail)"
        }
    }
}
