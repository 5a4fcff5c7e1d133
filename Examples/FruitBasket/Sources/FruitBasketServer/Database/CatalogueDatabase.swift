/// The database behind a server: SQLite for one process, PostgreSQL for several processes that
/// share one store.
///
/// The contract every implementation meets:
/// - ``transaction(_:)`` runs its body in one transaction that commits when the body returns and
///   rolls back when it throws (or its task is cancelled); nothing of a rolled-back body is seen.
/// - Transactions are serializable with respect to each other **and totally ordered**: a
///   transaction that reads the store's latest sequence number and writes the next one commits
///   before any other transaction reads that sequence. (SQLite serializes all transactions of a
///   process; PostgreSQL takes a transaction-scoped advisory lock first.) The change feed relies
///   on it: a sequence number is never committed after a larger one was seen, so a client that
///   read up to a sequence has missed nothing below it.
/// - A read never sees another transaction's uncommitted writes.
/// - It is safe to call from many tasks at once.
public protocol CatalogueDatabase: Sendable {
    /// The dialect statements are written in.
    var dialect: SQLDialect { get }

    /// Runs `body` in one totally ordered transaction (see above) and returns what it returns.
    ///
    /// - Throws: what `body` throws, after rolling back; the database's error when it cannot
    ///   begin or commit; `CancellationError`.
    func transaction<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result

    /// Runs `body` in a read-only transaction that sees one consistent snapshot of committed data,
    /// without waiting for the ordering lock of ``transaction(_:)``. `body` must not write.
    ///
    /// - Throws: what `body` throws; the database's error; `CancellationError`.
    func read<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result

    /// Closes the connections; later calls fail.
    func close() async throws

    /// Makes the transaction `sql` runs in announced to every process listening through
    /// ``commitAnnouncements()`` once it commits; the catalogue calls it in each transaction
    /// that moved the store's sequence. Does nothing for a database that cannot announce.
    ///
    /// - Throws: the database's error.
    func announceCommit(through sql: any SQLExecutor) async throws

    /// A sequence that yields soon after an announced transaction (see
    /// ``announceCommit(through:)``) commits in any process sharing the database (this one
    /// included), and once whenever it (re)starts listening, as commits may have gone
    /// unannounced before; `nil` when the database cannot announce commits, and a server learns
    /// of other processes' commits by reading the sequence instead. It never finishes on its
    /// own; ending the iteration stops the listening.
    func commitAnnouncements() -> AsyncStream<Void>?
}

extension CatalogueDatabase {
    /// Nothing: the database cannot announce commits.
    public func announceCommit(through sql: any SQLExecutor) async throws {}

    /// `nil`: the database cannot announce commits.
    public func commitAnnouncements() -> AsyncStream<Void>? { nil }
}
