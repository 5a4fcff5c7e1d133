import Logging
import PostgresNIO
import Synchronization

/// A ``CatalogueDatabase`` on PostgreSQL, which several server processes can share.
///
/// A pool of connections (a PostgresNIO `PostgresClient`, run by a task the database owns until
/// ``close()``) serves the calls; each transaction leases one connection for its whole length.
///
/// - ``transaction(_:)`` runs `BEGIN` (READ COMMITTED), then takes the transaction-scoped advisory
///   lock ``orderingLockKey`` before the body's first statement: every such transaction of every
///   process that shares the database waits for the one before it to commit or roll back, and as
///   each statement of READ COMMITTED reads what was committed when it starts, the body sees all
///   that earlier transactions wrote. PostgreSQL makes a commit visible before it releases the
///   transaction's locks, so a sequence number a transaction writes is never committed after a
///   larger one became visible.
/// - ``read(_:)`` runs in a `REPEATABLE READ READ ONLY` transaction (one snapshot, no lock; a write
///   fails with SQLSTATE `25006`).
/// - ``announceCommit(through:)`` runs `pg_notify` on ``commitChannel`` in the transaction, which
///   PostgreSQL delivers at the commit to every connection listening there, in every process;
///   ``commitAnnouncements()`` listens on one connection of the pool.
/// - Statements use `?` placeholders (see ``SQLDialect/postgres``), rewritten to `$1`, `$2`, … .
/// - Cancellation is checked before the transaction begins, before each statement and before the
///   commit; a statement already sent runs to its end, then the transaction rolls back and
///   `CancellationError` is thrown.
public final class PostgresCatalogueDatabase: CatalogueDatabase {
    /// The key of the advisory lock that orders transactions (`pg_advisory_xact_lock`), the same
    /// in every process; the ASCII bytes of "FruitBsk".
    public static let orderingLockKey: Int64 = 0x4672_7569_7442_736B

    /// Always ``SQLDialect/postgres``.
    public var dialect: SQLDialect { .postgres }

    /// The channel commits are announced on: `fruitbasket_commits`, with the schema's letters,
    /// digits and underscores appended when there is one (notifications are per database, and
    /// catalogues in other schemas of it are not this one), at most 63 bytes.
    public let commitChannel: String

    /// The most connections the pool opens.
    public let maximumConnections: Int

    /// Where the database connects.
    let url: PostgresURL
    let logger: Logger
    private let client: PostgresClient
    private let runner: Task<Void, Never>
    private let closed = Mutex(false)

    /// Connects to the database `url` names (see ``PostgresURL``) with a pool of at most
    /// `maximumConnections` connections. Connections are opened on demand; a server that cannot
    /// be reached makes the calls fail (after PostgresNIO's retries, up to a minute), not this
    /// initializer.
    ///
    /// - Parameter schema: when given, every connection's `search_path` is this schema alone, so
    ///   unqualified tables are created and found there (the schema must exist): several
    ///   catalogues, tests among them, can share one database.
    /// - Throws: ``PostgresURLError`` when `url` is not a valid PostgreSQL URL.
    public convenience init(url: String, maximumConnections: Int = 8, schema: String? = nil) throws(PostgresURLError) {
        let parsed = try PostgresURL(url)
        self.init(url: parsed, maximumConnections: maximumConnections, schema: schema)
    }

    /// Connects to the database `url` names with a pool of at most `maximumConnections`
    /// (at least 1) connections, in `schema` when given, as the initializer taking a string does.
    public init(url: PostgresURL, maximumConnections: Int = 8, schema: String? = nil) {
        var configuration = url.clientConfiguration
        configuration.options.maximumConnections = max(1, maximumConnections)
        if let schema {
            configuration.options.additionalStartupParameters = [("search_path", Self.quotedIdentifier(schema))]
        }
        let logger = Logger(label: "fruitbasket.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        self.url = url
        self.logger = logger
        self.commitChannel = Self.channel(forSchema: schema)
        self.maximumConnections = max(1, maximumConnections)
        self.runner = Task { await client.run() }
    }

    /// The commit channel of a catalogue in `schema` (see ``commitChannel``).
    static func channel(forSchema schema: String?) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
        let suffix = schema.map { "_" + $0.filter(allowed.contains) } ?? ""
        return String(("fruitbasket_commits" + suffix).prefix(63))
    }

    /// `name` as a quoted SQL identifier: `"…"` with inner quotes doubled.
    public static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    deinit {
        runner.cancel()
    }

    /// Runs `body` in one transaction ordered by the advisory lock (see the type's discussion).
    ///
    /// - Throws: what `body` throws, after rolling back; ``PostgresDatabaseError`` when a
    ///   statement, the commit or the connection fails (``PostgresDatabaseError/transactionAborted(sqlState:message:)``
    ///   when `body` caught a failed statement's error and returned); ``PostgresDatabaseError/closed``;
    ///   `CancellationError`.
    public func transaction<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        try await run(
            begin: "BEGIN ISOLATION LEVEL READ COMMITTED",
            then: "SELECT pg_advisory_xact_lock(\(Self.orderingLockKey))",
            body
        )
    }

    /// Runs `body` in a read-only transaction on one snapshot, without the ordering lock.
    ///
    /// - Throws: what `body` throws; ``PostgresDatabaseError`` (a write fails with SQLSTATE
    ///   `25006`); ``PostgresDatabaseError/closed``; `CancellationError`.
    public func read<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        try await run(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", then: nil, body)
    }

    /// Closes the pool: calls in flight fail, later calls throw ``PostgresDatabaseError/closed``.
    /// Closing twice does nothing more.
    public func close() async throws {
        let wasClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        runner.cancel()
        await runner.value
    }

    /// Runs `pg_notify` on ``commitChannel`` in the transaction of `sql`.
    ///
    /// - Throws: ``PostgresDatabaseError`` when the statement fails.
    public func announceCommit(through sql: any SQLExecutor) async throws {
        _ = try await sql.query("SELECT pg_notify(?, '')", [.text(commitChannel)])
    }

    /// Listens on ``commitChannel`` on a connection of the pool (kept for as long as the
    /// iteration lasts) and yields for every notification, and once each time listening starts.
    /// A lost connection is replaced half a second later; after ``close()`` the sequence yields
    /// nothing more. `nil` for a pool of one connection, which listening would take from the
    /// transactions.
    public func commitAnnouncements() -> AsyncStream<Void>? {
        guard maximumConnections > 1 else { return nil }
        let (announcements, continuation) = AsyncStream.makeStream(
            of: Void.self,
            bufferingPolicy: .bufferingNewest(1)
        )
        let listener = Task { [client, commitChannel] in
            while !Task.isCancelled, !isClosed {
                try? await client.withConnection { connection in
                    try await connection.listen(on: commitChannel) { notifications in
                        continuation.yield()
                        for try await _ in notifications { continuation.yield() }
                    }
                }
                try? await Task.sleep(for: .milliseconds(500))
            }
        }
        continuation.onTermination = { _ in listener.cancel() }
        return announcements
    }

    /// Whether ``close()`` was called.
    private var isClosed: Bool {
        closed.withLock { $0 }
    }

    /// The error a body threw, carried through the pool's lease untouched.
    private struct BodyFailure: Error {
        var error: any Error
    }

    private func run<Result: Sendable>(
        begin: String,
        then first: String?,
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        if closed.withLock({ $0 }) { throw PostgresDatabaseError.closed }
        try Task.checkCancellation()
        do {
            return try await client.withConnection { connection in
                let executor = PostgresTransactionExecutor(connection: connection, logger: logger)
                do {
                    try await executor.control(begin)
                } catch {
                    throw BodyFailure(error: error)
                }
                do {
                    if let first { try await executor.control(first) }
                    let result = try await body(executor)
                    try executor.finish()
                    try Task.checkCancellation()
                    try await executor.control("COMMIT")
                    return result
                } catch {
                    _ = try? executor.finish()
                    await rollBack(connection)
                    throw BodyFailure(error: error)
                }
            }
        } catch let failure as BodyFailure {
            throw failure.error
        } catch {
            if Task.isCancelled { throw CancellationError() }
            if closed.withLock({ $0 }) { throw PostgresDatabaseError.closed }
            if let error = error as? PSQLError { throw PostgresTransactionExecutor.describe(error, sql: nil) }
            throw PostgresDatabaseError.connectionFailed(String(reflecting: error))
        }
    }

    /// Rolls back the transaction open on `connection`; when that fails the connection is closed,
    /// so the pool never hands out a connection inside a transaction.
    private func rollBack(_ connection: PostgresConnection) async {
        do {
            try await connection.query("ROLLBACK", logger: logger)
        } catch {
            try? await connection.close()
        }
    }
}
