import NIOCore
import SQLiteNIO
import Synchronization

/// A ``CatalogueDatabase`` in one SQLite file (or in memory), for a server that is the store's
/// only process.
///
/// Transactions run one at a time on a single writer connection, each from `BEGIN IMMEDIATE` to
/// `COMMIT` without another's statements in between, so they are totally ordered. The file is in
/// WAL mode, so reads run on their own connections against a snapshot while a transaction
/// writes. An in-memory database has a single connection: reads then wait for transactions.
///
/// A connection's lane is released only once its transaction has ended: `COMMIT` and `ROLLBACK`
/// run even when the calling task is cancelled (SQLiteNIO skips a statement whose task was
/// cancelled before it started, which would leave the transaction open for the next caller's
/// `BEGIN`).
public final class SQLiteCatalogueDatabase: CatalogueDatabase {
    /// Where the database lives.
    public enum Location: Sendable, Hashable {
        /// A file at this path, created when absent.
        case file(String)
        /// Memory, gone when the database closes.
        case memory
    }

    /// One connection and the queue that keeps its transactions apart.
    private struct Lane: Sendable {
        let connection: SQLiteConnection
        let queue = AsyncSerialQueue()
    }

    /// Always ``SQLDialect/sqlite``.
    public var dialect: SQLDialect { .sqlite }

    private let writer: Lane
    private let readers: [Lane]
    private let nextReader = Mutex(0)

    /// Opens (and creates, for a file) the database.
    ///
    /// - Parameters:
    ///   - location: the file or memory.
    ///   - readerCount: the connections reads share (at least 1; ignored in memory).
    /// - Throws: SQLite's error when the file cannot be opened or switched to WAL mode.
    public init(location: Location, readerCount: Int = 2) async throws {
        switch location {
        case .memory:
            writer = Lane(connection: try await SQLiteConnection.open(storage: .memory))
            readers = [writer]
        case .file(let path):
            writer = Lane(connection: try await SQLiteConnection.open(storage: .file(path: path)))
            _ = try await writer.connection.query("PRAGMA journal_mode = WAL", [])
            var lanes: [Lane] = []
            for _ in 0..<max(1, readerCount) {
                lanes.append(Lane(connection: try await SQLiteConnection.open(storage: .file(path: path))))
            }
            readers = lanes
        }
        for lane in [writer] + readers {
            _ = try await lane.connection.query("PRAGMA busy_timeout = 10000", [])
            _ = try await lane.connection.query("PRAGMA synchronous = NORMAL", [])
        }
    }

    /// Runs `body` between `BEGIN IMMEDIATE` and `COMMIT` on the writer connection, after every
    /// transaction asked for earlier has finished; rolls back when `body` throws.
    public func transaction<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        try await Self.run(body, on: writer, begin: "BEGIN IMMEDIATE")
    }

    /// Runs `body` in a deferred read transaction on one of the reader connections.
    public func read<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result
    ) async throws -> Result {
        let index = nextReader.withLock { next in
            defer { next = (next + 1) % readers.count }
            return next
        }
        return try await Self.run(body, on: readers[index], begin: "BEGIN")
    }

    /// Closes every connection, each once the transaction running on it has ended; later calls
    /// fail with SQLite's misuse error.
    public func close() async throws {
        for lane in readers where lane.connection !== writer.connection {
            try await lane.queue.withLock { try await lane.connection.close() }
        }
        try await writer.queue.withLock { try await writer.connection.close() }
    }

    /// Runs `body` between `begin` and `COMMIT` on `lane`, alone on it.
    ///
    /// The outcome is exact: the transaction committed if and only if this returns. When `body`
    /// throws, or the task is cancelled before `COMMIT`, it rolls back and throws.
    private static func run<Result: Sendable>(
        _ body: @Sendable (any SQLExecutor) async throws -> Result,
        on lane: Lane,
        begin: String
    ) async throws -> Result {
        try await lane.queue.withLock {
            let executor = SQLiteExecutor(connection: lane.connection)
            // A cancelled BEGIN did not run (SQLiteNIO skips it), so nothing is open then.
            _ = try await lane.connection.query(begin, [])
            let result: Result
            do {
                result = try await body(executor)
                try Task.checkCancellation()
            } catch {
                // Fails only when SQLite already rolled back on its own; the body's error stands.
                try? await endTransaction("ROLLBACK", on: lane.connection)
                throw error
            }
            do {
                try await endTransaction("COMMIT", on: lane.connection)
            } catch {
                // A COMMIT that failed (SQLITE_BUSY, say) leaves the transaction open.
                try? await endTransaction("ROLLBACK", on: lane.connection)
                throw error
            }
            return result
        }
    }

    /// Runs `statement` (`COMMIT` or `ROLLBACK`) to its end even when the current task is
    /// cancelled, in a task of its own that does not inherit the cancellation.
    private static func endTransaction(_ statement: String, on connection: SQLiteConnection) async throws {
        try await Task { _ = try await connection.query(statement, []) }.value
    }
}

/// Runs statements on one SQLite connection, converting values both ways.
private struct SQLiteExecutor: SQLExecutor {
    let connection: SQLiteConnection

    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        try SQLValue.refuseNUL(in: binds)
        let rows = try await connection.query(sql, binds.map(Self.sqliteData))
        return rows.map { row in
            var values: [String: SQLValue] = [:]
            for column in row.columns { values[column.name.lowercased()] = Self.value(column.data) }
            return SQLRow(values: values)
        }
    }

    private static func sqliteData(_ value: SQLValue) -> SQLiteData {
        switch value {
        case .null: .null
        case .integer(let integer): .integer(SQLiteInt64(integer))
        case .real(let real): .float(real)
        case .text(let text): .text(text)
        case .blob(let bytes): .blob(ByteBuffer(bytes: bytes))
        }
    }

    private static func value(_ data: SQLiteData) -> SQLValue {
        switch data {
        case .null: .null
        case .integer(let integer): .integer(Int64(integer))
        case .float(let real): .real(real)
        case .text(let text): .text(text)
        case .blob(let buffer): .blob(Array(buffer.readableBytesView))
        }
    }
}
