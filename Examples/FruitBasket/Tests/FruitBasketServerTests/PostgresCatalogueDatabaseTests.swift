import Testing

@testable import FruitBasketServer

// Needs a PostgreSQL server: `export FRUITBASKET_POSTGRES_URL=$(Scripts/start-postgres.sh start)`
// before `swift test` (CI does); skipped otherwise.
@Suite(
    "PostgresCatalogueDatabase against a real server",
    .enabled(if: PostgresTestServer.url != nil, PostgresTestServer.skipReason)
)
struct PostgresCatalogueDatabaseTests {
    private struct Boom: Error, Equatable {}

    /// A database with a fresh table `name (k BIGINT PRIMARY KEY, i BIGINT, r DOUBLE PRECISION,
    /// t TEXT, b BYTEA)`, closed and the table dropped after `body`.
    private func withTable(
        maximumConnections: Int = 4,
        _ body: (PostgresCatalogueDatabase, String) async throws -> Void
    ) async throws {
        let database = try PostgresTestServer.open(maximumConnections: maximumConnections)
        let table = PostgresTestServer.tableName("t")
        _ = try await database.transaction { sql in
            try await sql.query(
                "CREATE TABLE \(table) (k BIGINT PRIMARY KEY, i BIGINT, r DOUBLE PRECISION, t TEXT, b BYTEA)",
                []
            )
        }
        do {
            try await body(database, table)
        } catch {
            try await drop(table, database)
            throw error
        }
        try await drop(table, database)
    }

    private func drop(_ table: String, _ database: PostgresCatalogueDatabase) async throws {
        _ = try await database.transaction { sql in try await sql.query("DROP TABLE \(table)", []) }
        try await database.close()
    }

    private func count(_ table: String, _ database: PostgresCatalogueDatabase) async throws -> SQLValue {
        try await database.read { sql in try await sql.query("SELECT COUNT(*) AS n FROM \(table)", []) }[0]["n"]
    }

    /// Expects `read` of `sql` bound to `binds` to throw exactly `error`.
    private func expectRead(
        _ sql: String,
        _ binds: [SQLValue] = [],
        on database: PostgresCatalogueDatabase,
        toFail error: PostgresDatabaseError
    ) async {
        await #expect(throws: error) {
            try await database.read { executor in try await executor.query(sql, binds) }
        }
    }

    @Test func theCommitChannelIsNamedAfterTheSchemaInLettersDigitsAndUnderscores() {
        #expect(PostgresCatalogueDatabase.channel(forSchema: nil) == "fruitbasket_commits")
        #expect(PostgresCatalogueDatabase.channel(forSchema: "catalogue_0a") == "fruitbasket_commits_catalogue_0a")
        #expect(PostgresCatalogueDatabase.channel(forSchema: "a\"b-c d") == "fruitbasket_commits_abcd")
        let long = PostgresCatalogueDatabase.channel(forSchema: String(repeating: "s", count: 100))
        #expect(long.utf8.count == 63 && long.hasPrefix("fruitbasket_commits_sss"))
    }

    @Test func everyValueTypeRoundTrips() async throws {
        let rows: [[SQLValue]] = [
            [
                .integer(1), .integer(.min), .real(-0.5), .text("pommes ? 'fraîches' 🍎"),
                .blob((0...255).map { UInt8($0) }),
            ],
            [.integer(2), .integer(.max), .real(1e300), .text(""), .blob([])],
            [.integer(3), .null, .null, .null, .null],
        ]
        try await withTable { database, table in
            try await database.transaction { sql in
                for row in rows {
                    _ = try await sql.query("INSERT INTO \(table) (k, i, r, t, b) VALUES (?, ?, ?, ?, ?)", row)
                }
            }
            let read = try await database.read { sql in
                try await sql.query("SELECT k, i, r, t, b FROM \(table) ORDER BY k", [])
            }
            #expect(
                read
                    == rows.map {
                        SQLRow(values: Dictionary(uniqueKeysWithValues: zip(["k", "i", "r", "t", "b"], $0)))
                    }
            )
        }
    }

    @Test func otherResultTypesMapToTheSharedOnes() async throws {
        let database = try PostgresTestServer.open()
        let row = try await database.read { sql in
            try await sql.query(
                """
                SELECT SUM(x) AS total, AVG(x) AS mean, TRUE AS yes, 7::SMALLINT AS small, 8::INTEGER AS int,
                    1.5::REAL AS single, 'v'::VARCHAR AS varchar, CAST(? AS BIGINT) AS untyped_null, pg_sleep(0) AS nothing
                FROM (VALUES (1::BIGINT), (2::BIGINT)) AS v(x)
                """,
                [.null]
            )
        }
        #expect(
            row == [
                SQLRow(values: [
                    "total": .integer(3), "mean": .real(1.5), "yes": .integer(1), "small": .integer(7),
                    "int": .integer(8),
                    "single": .real(1.5), "varchar": .text("v"), "untyped_null": .null, "nothing": .null,
                ])
            ]
        )
        await expectRead(
            "SELECT DATE '2026-11-23' AS day",
            on: database,
            toFail: .unsupportedColumnType(column: "day", type: "DATE")
        )
        try await database.close()
    }

    @Test func aThrowingBodyRollsBackAndItsErrorComesOut() async throws {
        try await withTable { database, table in
            await #expect(throws: Boom()) {
                try await database.transaction { sql in
                    _ = try await sql.query("INSERT INTO \(table) (k) VALUES (?)", [.integer(1)])
                    throw Boom()
                }
            }
            let rowCount = try await count(table, database)
            #expect(rowCount == .integer(0))
        }
    }

    @Test func aFailedStatementIsSpecificAndACaughtOneStillRollsBack() async throws {
        try await withTable { database, table in
            await expectRead(
                "SELECT * FROM no_such_table",
                on: database,
                toFail: .statementFailed(
                    sqlState: "42P01",
                    message: "relation \"no_such_table\" does not exist",
                    sql: "SELECT * FROM no_such_table"
                )
            )
            await #expect(
                throws: PostgresDatabaseError.transactionAborted(
                    sqlState: "23505",
                    message: "duplicate key value violates unique constraint \"\(table)_pkey\""
                )
            ) {
                try await database.transaction { sql in
                    _ = try await sql.query("INSERT INTO \(table) (k) VALUES (?)", [.integer(1)])
                    _ = try? await sql.query("INSERT INTO \(table) (k) VALUES (?)", [.integer(1)])
                }
            }
            let rowCount = try await count(table, database)
            #expect(rowCount == .integer(0))
        }
    }

    @Test func badBindsAreRefusedBeforeAnythingIsSent() async throws {
        try await withTable { database, table in
            await #expect(throws: PostgresDatabaseError.placeholderMismatch(placeholders: 2, binds: 1)) {
                try await database.transaction { sql in
                    try await sql.query("INSERT INTO \(table) (k, t) VALUES (?, ?)", [.integer(1)])
                }
            }
            await #expect(throws: PostgresDatabaseError.bindsInMultipleStatements(statements: 2)) {
                try await database.transaction { sql in
                    try await sql.query("INSERT INTO \(table) (k) VALUES (?); SELECT 1", [.integer(1)])
                }
            }
            try await database.transaction { sql in
                _ = try await sql.query("INSERT INTO \(table) (k) VALUES (1); INSERT INTO \(table) (k) VALUES (2)", [])
            }
            let rowCount = try await count(table, database)
            #expect(rowCount == .integer(2))
        }
    }

    @Test func aReadIsReadOnly() async throws {
        try await withTable { database, table in
            await expectRead(
                "INSERT INTO \(table) (k) VALUES (?)",
                [.integer(1)],
                on: database,
                toFail: .statementFailed(
                    sqlState: "25006",
                    message: "cannot execute INSERT in a read-only transaction",
                    sql: "INSERT INTO \(table) (k) VALUES ($1)"
                )
            )
        }
    }

    @Test func aReadDoesNotWaitForTheOrderingLockAndSeesOnlyCommittedData() async throws {
        try await withTable { database, table in
            let (locked, lockedSignal) = AsyncStream.makeStream(of: Void.self)
            let (release, releaseSignal) = AsyncStream.makeStream(of: Void.self)
            let writer = Task {
                try await database.transaction { sql in
                    _ = try await sql.query("INSERT INTO \(table) (k) VALUES (?)", [.integer(1)])
                    lockedSignal.yield()
                    for await _ in release { break }
                }
            }
            for await _ in locked { break }
            let whileLocked = try await count(table, database)
            #expect(whileLocked == .integer(0))
            releaseSignal.yield()
            try await writer.value
            let afterCommit = try await count(table, database)
            #expect(afterCommit == .integer(1))
        }
    }

    /// Two pools stand for two server processes. Each transaction reads the largest key and
    /// inserts the next one: without the advisory lock two would read the same largest key and
    /// one would fail on the primary key.
    @Test func transactionsOfTwoPoolsAreTotallyOrdered() async throws {
        try await withTable(maximumConnections: 6) { first, table in
            let second = try PostgresTestServer.open(maximumConnections: 6)
            let perPool = 30
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<(2 * perPool) {
                    let database = index.isMultiple(of: 2) ? first : second
                    group.addTask {
                        try await database.transaction { sql in
                            let top = try await sql.query("SELECT COALESCE(MAX(k), 0) AS top FROM \(table)", [])
                            guard case .integer(let largest) = top[0]["top"] else { throw Boom() }
                            _ = try await sql.query("INSERT INTO \(table) (k) VALUES (?)", [.integer(largest + 1)])
                        }
                    }
                }
                try await group.waitForAll()
            }
            try await second.close()
            let keys = try await first.read { sql in try await sql.query("SELECT k FROM \(table) ORDER BY k", []) }
            #expect(keys.map { $0["k"] } == (1...Int64(2 * perPool)).map { .integer($0) })
        }
    }

    @Test func cancellationBeforeOrDuringTheBodyRollsBack() async throws {
        try await withTable { database, table in
            let before = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await database.transaction { sql in
                    try await sql.query("INSERT INTO \(table) (k) VALUES (?)", [.integer(1)])
                }
            }
            await #expect(throws: CancellationError.self) { try await before.value }
            let beforeNextStatement = Task {
                try await database.transaction { sql in
                    _ = try await sql.query("INSERT INTO \(table) (k) VALUES (?)", [.integer(2)])
                    withUnsafeCurrentTask { $0?.cancel() }
                    _ = try await sql.query("INSERT INTO \(table) (k) VALUES (?)", [.integer(3)])
                }
            }
            await #expect(throws: CancellationError.self) { try await beforeNextStatement.value }
            let beforeCommit = Task {
                try await database.transaction { sql in
                    _ = try await sql.query("INSERT INTO \(table) (k) VALUES (?)", [.integer(4)])
                    withUnsafeCurrentTask { $0?.cancel() }
                }
            }
            await #expect(throws: CancellationError.self) { try await beforeCommit.value }
            let rowCount = try await count(table, database)
            #expect(rowCount == .integer(0))
        }
    }

    @Test func aSchemaKeepsACatalogueApart() async throws {
        let schema = PostgresTestServer.tableName("Schema \"quoted\"")
        let quoted = PostgresCatalogueDatabase.quotedIdentifier(schema)
        let database = try PostgresTestServer.open()
        try await database.transaction { sql in _ = try await sql.query("CREATE SCHEMA \(quoted)", []) }
        let inSchema = try PostgresTestServer.open(schema: schema)
        let table = PostgresTestServer.tableName("probe")
        let rows = try await inSchema.transaction { sql in
            _ = try await sql.query("CREATE TABLE \(table) (k BIGINT)", [])
            return try await sql.query(
                "SELECT current_schema() AS current, (SELECT table_schema FROM information_schema.tables WHERE table_name = ?) AS home",
                [.text(table)]
            )
        }
        #expect(rows == [SQLRow(values: ["current": .text(schema), "home": .text(schema)])])
        try await inSchema.close()
        try await database.transaction { sql in _ = try await sql.query("DROP SCHEMA \(quoted) CASCADE", []) }
        try await database.close()
    }

    @Test func verifyingTheConnectionReportsAWrongDatabaseOrPortAtOnce() async throws {
        let database = try PostgresTestServer.open()
        try await database.verifyConnection()
        try await database.close()
        var url = try PostgresURL(PostgresTestServer.url ?? "")
        url.database = "no_such_database"
        let missing = PostgresCatalogueDatabase(url: url)
        await #expect(
            throws: PostgresDatabaseError.statementFailed(
                sqlState: "3D000",
                message: "database \"no_such_database\" does not exist",
                sql: ""
            )
        ) { try await missing.verifyConnection() }
        try await missing.close()
        url.port = 1
        let refused = PostgresCatalogueDatabase(url: url)
        let error = await #expect(throws: PostgresDatabaseError.self) { try await refused.verifyConnection() }
        guard case .connectionFailed(let detail) = error else {
            Issue.record("expected connectionFailed, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("Connection refused"))
        try await refused.close()
    }

    @Test func anExecutorKeptPastItsTransactionIsRefused() async throws {
        let database = try PostgresTestServer.open()
        let kept = try await database.read { sql in sql }
        await #expect(throws: PostgresDatabaseError.transactionEnded) { try await kept.query("SELECT 1", []) }
        try await database.close()
    }

    @Test func aClosedDatabaseRefusesEveryCall() async throws {
        let database = try PostgresTestServer.open()
        #expect(
            try await database.read { sql in try await sql.query("SELECT 1 AS one", []) } == [
                SQLRow(values: ["one": .integer(1)])
            ]
        )
        try await database.close()
        try await database.close()
        await #expect(throws: PostgresDatabaseError.closed) { try await database.read { _ in 1 } }
        await #expect(throws: PostgresDatabaseError.closed) { try await database.transaction { _ in 1 } }
    }
}
