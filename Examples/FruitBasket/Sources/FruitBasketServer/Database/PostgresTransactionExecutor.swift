import Logging
import PostgresNIO
import Synchronization

/// The ``SQLExecutor`` of one transaction of a ``PostgresCatalogueDatabase``, on the connection
/// the transaction leased.
///
/// It remembers the first statement that failed: PostgreSQL aborts the transaction then, so a body
/// that caught the error cannot commit (``finish()`` throws it). Once the transaction ended every
/// call throws ``PostgresDatabaseError/transactionEnded``.
final class PostgresTransactionExecutor: SQLExecutor {
    private struct State {
        var ended = false
        var failure: PostgresDatabaseError?
    }

    private let connection: PostgresConnection
    private let logger: Logger
    private let state = Mutex(State())

    init(connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    /// Runs `sql` (rewritten by ``PostgresStatementText``) with `binds`; cancellation is checked
    /// before each statement is sent (one in flight runs to its end).
    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        try state.withLock { state throws(PostgresDatabaseError) in
            if state.ended { throw .transactionEnded }
        }
        try SQLValue.refuseNUL(in: binds)
        let text = PostgresStatementText(sql)
        guard text.placeholderCount == binds.count else {
            throw PostgresDatabaseError.placeholderMismatch(placeholders: text.placeholderCount, binds: binds.count)
        }
        guard binds.isEmpty || text.statements.count <= 1 else {
            throw PostgresDatabaseError.bindsInMultipleStatements(statements: text.statements.count)
        }
        var bindings = PostgresBindings(capacity: binds.count)
        for value in binds { value.append(to: &bindings) }
        var rows: [SQLRow] = []
        for statement in text.statements {
            try Task.checkCancellation()
            rows = try await run(PostgresQuery(unsafeSQL: statement, binds: bindings))
        }
        return rows
    }

    /// Runs a statement of the transaction's own (`BEGIN`, the lock, `COMMIT`), failing like
    /// ``query(_:_:)``.
    func control(_ sql: String) async throws {
        _ = try await run(PostgresQuery(unsafeSQL: sql))
    }

    /// Ends the executor's use by the body.
    ///
    /// - Throws: ``PostgresDatabaseError/transactionAborted(sqlState:message:)`` when a statement
    ///   failed earlier, so the transaction must roll back.
    func finish() throws(PostgresDatabaseError) {
        try state.withLock { state throws(PostgresDatabaseError) in
            state.ended = true
            if case .statementFailed(let sqlState, let message, _) = state.failure {
                throw .transactionAborted(sqlState: sqlState, message: message)
            }
        }
    }

    private func run(_ query: PostgresQuery) async throws -> [SQLRow] {
        do {
            var rows: [SQLRow] = []
            for try await row in try await connection.query(query, logger: logger) {
                var values: [String: SQLValue] = [:]
                for cell in row { values[cell.columnName] = try SQLValue(cell) }
                rows.append(SQLRow(values: values))
            }
            return rows
        } catch let error as PSQLError {
            let failure = Self.describe(error, sql: query.sql)
            state.withLock { state in
                if state.failure == nil { state.failure = failure }
            }
            throw failure
        }
    }

    /// `error` as a ``PostgresDatabaseError`` that says what PostgreSQL said.
    static func describe(_ error: PSQLError, sql: String?) -> PostgresDatabaseError {
        if let info = error.serverInfo, let sqlState = info[.sqlState] {
            return .statementFailed(sqlState: sqlState, message: info[.message] ?? "", sql: sql ?? "")
        }
        return .connectionFailed(String(reflecting: error))
    }
}
