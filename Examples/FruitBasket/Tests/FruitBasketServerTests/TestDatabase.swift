import Testing

@testable import FruitBasketServer

/// A database the server's tests run on: every ``TestAPI/run(quota:tokenLifetime:keptVersions:on:_:)``
/// runs its body once per database of ``all``.
enum TestDatabase: Sendable, CustomStringConvertible {
    /// A fresh in-memory SQLite database.
    case sqlite
    /// A fresh schema of its own on the test PostgreSQL server (`FRUITBASKET_POSTGRES_URL`).
    case postgres

    /// SQLite always; PostgreSQL too when `FRUITBASKET_POSTGRES_URL` is set (CI sets it; locally
    /// `export FRUITBASKET_POSTGRES_URL=$(Scripts/start-postgres.sh start)`).
    static var all: [TestDatabase] { PostgresTestServer.url == nil ? [.sqlite] : [.sqlite, .postgres] }

    var description: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

    /// Opens a fresh, empty database, runs `body` with it, then closes it (and drops the
    /// PostgreSQL schema) whether `body` throws or not.
    func with(_ body: (any CatalogueDatabase) async throws -> Void) async throws {
        let (database, remove) = try await open()
        do {
            try await body(database)
        } catch {
            try? await remove()
            throw error
        }
        try await remove()
    }

    private func open() async throws -> (any CatalogueDatabase, @Sendable () async throws -> Void) {
        switch self {
        case .sqlite:
            let database = try await SQLiteCatalogueDatabase(location: .memory)
            return (database, { try await database.close() })
        case .postgres:
            let schema = PostgresTestServer.tableName("catalogue")
            let admin = try PostgresTestServer.open(maximumConnections: 1)
            try await admin.transaction { sql in _ = try await sql.query("CREATE SCHEMA \(schema)", []) }
            let database = try PostgresTestServer.open(schema: schema)
            return (
                database,
                {
                    try await database.close()
                    try await admin.transaction { sql in _ = try await sql.query("DROP SCHEMA \(schema) CASCADE", []) }
                    try await admin.close()
                }
            )
        }
    }
}
