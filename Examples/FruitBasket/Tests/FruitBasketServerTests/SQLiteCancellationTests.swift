import Foundation
import Testing

@testable import FruitBasketServer

/// A task cancelled in the middle of a transaction must leave its connection with no transaction
/// open: SQLiteNIO skips a statement whose task was cancelled before it started, so a `COMMIT` or
/// `ROLLBACK` sent from a cancelled task used not to run, and the next transaction on the
/// connection failed with "cannot start a transaction within a transaction".
@Suite("SQLite: a cancelled transaction ends before the next one begins")
struct SQLiteCancellationTests {
    /// In memory, and in a file (WAL, with reader connections of their own).
    static let locations = ["memory", "file"]

    /// Opens the database `location` names, with a table `t`, runs `body`, then closes it.
    static func withDatabase(
        _ location: String,
        _ body: (SQLiteCatalogueDatabase) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await SQLiteCatalogueDatabase(
            location: location == "memory" ? .memory : .file(directory.appendingPathComponent("t.sqlite").path)
        )
        try await database.transaction { sql in _ = try await sql.query("CREATE TABLE t (x INTEGER)", []) }
        try await body(database)
        try await database.close()
    }

    /// The number of rows in `t`.
    static func count(_ database: SQLiteCatalogueDatabase) async throws -> Int64? {
        try await database.read { sql in try await sql.query("SELECT COUNT(*) AS n FROM t", []).first?["n"].int64 }
    }

    @Test(
        "A transaction whose task is cancelled after its writes rolls back and the next one commits",
        arguments: locations
    )
    func cancelledAfterWrites(location: String) async throws {
        try await Self.withDatabase(location) { database in
            let cancelled = Task {
                try await database.transaction { sql in
                    _ = try await sql.query("INSERT INTO t (x) VALUES (1)", [])
                    withUnsafeCurrentTask { $0?.cancel() }
                    return 1
                }
            }
            await #expect(throws: CancellationError.self) { try await cancelled.value }
            #expect(try await Self.count(database) == 0)
            try await database.transaction { sql in _ = try await sql.query("INSERT INTO t (x) VALUES (2)", []) }
            #expect(try await Self.count(database) == 1)
        }
    }

    @Test("A transaction whose body throws once its task is cancelled rolls back", arguments: locations)
    func cancelledBodyThrows(location: String) async throws {
        try await Self.withDatabase(location) { database in
            let cancelled = Task {
                try await database.transaction { sql in
                    _ = try await sql.query("INSERT INTO t (x) VALUES (1)", [])
                    withUnsafeCurrentTask { $0?.cancel() }
                    _ = try await sql.query("INSERT INTO t (x) VALUES (2)", [])
                    return 1
                }
            }
            await #expect(throws: CancellationError.self) { try await cancelled.value }
            try await database.transaction { sql in _ = try await sql.query("INSERT INTO t (x) VALUES (3)", []) }
            #expect(try await Self.count(database) == 1)
        }
    }

    @Test("A read whose task is cancelled ends, and later reads see later commits", arguments: locations)
    func cancelledRead(location: String) async throws {
        try await Self.withDatabase(location) { database in
            let cancelled = Task {
                try await database.read { sql in
                    let rows = try await sql.query("SELECT COUNT(*) AS n FROM t", [])
                    withUnsafeCurrentTask { $0?.cancel() }
                    return rows.count
                }
            }
            _ = await cancelled.result
            try await database.transaction { sql in _ = try await sql.query("INSERT INTO t (x) VALUES (1)", []) }
            for _ in 0..<4 { #expect(try await Self.count(database) == 1) }
        }
    }
}
