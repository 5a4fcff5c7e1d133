import Foundation
import FruitBasketServer
import PostgresNIO
import Testing

/// A database of its own on the test PostgreSQL server (`FRUITBASKET_POSTGRES_URL`, which
/// `Scripts/start-postgres.sh start` prints and CI sets), created for one test and dropped after.
struct ScratchPostgresDatabase: Sendable {
    /// The test server's URL, `nil` when the variable is unset or empty: the tests are skipped.
    static let serverURL: String? = {
        guard let url = ProcessInfo.processInfo.environment["FRUITBASKET_POSTGRES_URL"], !url.isEmpty else {
            return nil
        }
        return url
    }()

    /// The reason shown when the tests are skipped.
    static let skipReason: Comment = """
        FRUITBASKET_POSTGRES_URL is not set: the multi-server PostgreSQL tests are skipped. Enable them \
        with `export FRUITBASKET_POSTGRES_URL=$(Scripts/start-postgres.sh start)`.
        """

    /// The scratch database's URL.
    let url: String
    private let name: String

    /// Creates a database with a fresh name.
    static func create() async throws -> ScratchPostgresDatabase {
        var server = try PostgresURL(serverURL ?? "")
        let name = "fb_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
        try await run("CREATE DATABASE \(name)", on: server)
        server.database = name
        return ScratchPostgresDatabase(url: server.absoluteString, name: name)
    }

    /// Creates a database, runs `body` with it, and drops it whether `body` throws or not.
    static func with<Result: Sendable>(_ body: (ScratchPostgresDatabase) async throws -> Result) async throws -> Result
    {
        let database = try await create()
        let result: Result
        do {
            result = try await body(database)
        } catch {
            try await database.drop()
            throw error
        }
        try await database.drop()
        return result
    }

    /// Drops the database, disconnecting whoever is still connected.
    func drop() async throws {
        try await Self.run("DROP DATABASE \(name) WITH (FORCE)", on: try PostgresURL(Self.serverURL ?? ""))
    }

    /// Runs `statement` outside a transaction (as `CREATE DATABASE` must) on `url`'s database.
    private static func run(_ statement: String, on url: PostgresURL) async throws {
        let client = PostgresClient(configuration: url.clientConfiguration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            try await client.query(PostgresQuery(unsafeSQL: statement))
            group.cancelAll()
        }
    }
}
