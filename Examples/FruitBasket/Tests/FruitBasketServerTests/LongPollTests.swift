import Foundation
import FruitBasketAPI
import HummingbirdTesting
import Testing

@testable import FruitBasketServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Push channel: the long poll")
struct LongPollTests {
    /// A template for a new folder in the root.
    static func folder(_ name: String) -> WireItem {
        WireItem(id: "", parent: WireIdentifiers.root, name: name, kind: .folder, contentVersion: 0, metadataVersion: 0)
    }

    @Test("A waiting long poll answers once a change commits")
    func wakesOnCommit() async throws {
        try await TestAPI.run { api in
            let before = try await api.state()
            async let answer = api.send(.get, "\(APIPaths.wait)?after=\(before.sequence)&timeout=60")
            try await api.create("wake")
            let state = try api.decode(ServerState.self, try await answer)
            #expect(state.sequence == before.sequence + 1)
        }
    }

    @Test("A long poll already behind answers at once; bad parameters are refused")
    func immediateAndInvalid() async throws {
        try await TestAPI.run { api in
            try await api.create("first")
            let state = try api.decode(
                ServerState.self,
                try await api.send(.get, "\(APIPaths.wait)?after=0&timeout=60")
            )
            #expect(state.sequence == 1)
            #expect(
                try api.errorCode(try await api.send(.get, "\(APIPaths.wait)?after=0&timeout=61")) == .invalidRequest
            )
            #expect(try api.errorCode(try await api.send(.get, APIPaths.wait)) == .invalidRequest)
        }
    }

    @Test("A long poll with nothing to report answers the same sequence when its timeout ends")
    func timesOut() async throws {
        try await TestAPI.run { api in
            let before = try await api.state()
            let answer = try await api.send(.get, "\(APIPaths.wait)?after=\(before.sequence)&timeout=1")
            #expect(try api.decode(ServerState.self, answer) == before)
        }
    }

    @Test("A change committed by another server process on the same database wakes the long poll")
    func wakesOnPeerCommit() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store.sqlite").path
        let configuration = FruitBasketServerConfiguration(port: 0, peerPollInterval: .milliseconds(20))
        let firstDatabase = try await SQLiteCatalogueDatabase(location: .file(path))
        let secondDatabase = try await SQLiteCatalogueDatabase(location: .file(path))
        let first = try await FruitBasketServer(configuration: configuration, database: firstDatabase)
        let second = try await FruitBasketServer(configuration: configuration, database: secondDatabase)
        let before = try await first.catalogue.state()
        async let woken: Void = first.notifier.wait(after: before.sequence)
        _ = try await second.catalogue.create(CreateItemRequest(item: Self.folder("peer")), account: "fruit")
        await woken
        #expect(try await first.catalogue.state().sequence == before.sequence + 1)
        try await firstDatabase.close()
        try await secondDatabase.close()
    }

    @Test("A graceful shutdown answers the long polls in flight at once, not at their 60 s timeout")
    func shutdownAnswersLongPolls() async throws {
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        let hooks = FruitBasketRequestHooks(willHandle: { _, path in
            if path == APIPaths.wait { arrived.yield() }
        })
        let configuration = FruitBasketServerConfiguration(port: 0, requestHooks: hooks)
        let database = try await SQLiteCatalogueDatabase(location: .memory)
        let running = try await FruitBasketServer.start(configuration: configuration, database: database)

        var tokenRequest = URLRequest(url: try #require(URL(string: running.baseURL + APIPaths.tokens)))
        tokenRequest.httpMethod = "POST"
        tokenRequest.httpBody = try JSONEncoder().encode(TokenRequest(account: "fruit", secret: "basket"))
        let (grantBody, _) = try await URLSession.shared.data(for: tokenRequest)
        let grant = try JSONDecoder().decode(TokenGrant.self, from: grantBody)
        let before = try await running.server.catalogue.state()
        var poll = URLRequest(
            url: try #require(URL(string: "\(running.baseURL)\(APIPaths.wait)?after=\(before.sequence)&timeout=60"))
        )
        poll.setValue("Bearer \(grant.token)", forHTTPHeaderField: "Authorization")
        poll.timeoutInterval = 120
        let answer = Task { try await URLSession.shared.data(for: poll) }
        for await _ in arrivals { break }

        let stopped = Task { await running.stop() }
        let answered = await withTaskGroup(of: Bool.self) { group in
            group.addTask { (try? await answer.value) != nil }
            group.addTask {
                try? await Task.sleep(for: .seconds(30))
                return false
            }
            defer { group.cancelAll() }
            return await group.next() ?? false
        }
        #expect(answered, "the long poll was still waiting 30 s into the shutdown")
        let (body, response) = try await answer.value
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(try JSONDecoder().decode(ServerState.self, from: body) == before)
        await stopped.value
        try await database.close()
    }

    @Test(
        "A commit by another process on PostgreSQL wakes the long poll through NOTIFY, without waiting for a poll",
        .enabled(if: PostgresTestServer.url != nil, PostgresTestServer.skipReason),
        // A hang detector, not a timing test: the conformance suites share the PostgreSQL server,
        // and on CI's two cores this test once passed one minute while they ran.
        .timeLimit(.minutes(5))
    )
    func peerCommitAnnounced() async throws {
        let schema = PostgresTestServer.tableName("announce")
        let admin = try PostgresTestServer.open(maximumConnections: 1)
        try await admin.transaction { sql in _ = try await sql.query("CREATE SCHEMA \(schema)", []) }
        let firstDatabase = try PostgresTestServer.open(schema: schema)
        let secondDatabase = try PostgresTestServer.open(schema: schema)
        // A peer poll an hour apart: only the announcement can wake the wait in time.
        let configuration = FruitBasketServerConfiguration(port: 0, peerPollInterval: .seconds(3600))
        let first = try await FruitBasketServer.start(configuration: configuration, database: firstDatabase)
        let second = try await FruitBasketServer.start(configuration: configuration, database: secondDatabase)
        let before = try await first.server.catalogue.state()
        async let woken: Void = first.server.notifier.wait(after: before.sequence)
        while await first.server.notifier.waitingCount == 0 { await Task.yield() }
        _ = try await second.server.catalogue.create(
            CreateItemRequest(item: Self.folder("announced")),
            account: "fruit"
        )
        await woken
        #expect(try await first.server.catalogue.state().sequence == before.sequence + 1)
        await first.stop()
        await second.stop()
        try await firstDatabase.close()
        try await secondDatabase.close()
        try await admin.transaction { sql in _ = try await sql.query("DROP SCHEMA \(schema) CASCADE", []) }
        try await admin.close()
    }
}
