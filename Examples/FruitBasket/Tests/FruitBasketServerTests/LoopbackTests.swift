import Foundation
import FruitBasketAPI
import FruitBasketServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Loopback: a server started in process")
struct LoopbackTests {
    @Test("start binds port 0 to a free port, answers over TCP; stop and kill free it for a restart")
    func startStopRestart() async throws {
        let database = try await SQLiteCatalogueDatabase(location: .memory)
        let configuration = FruitBasketServerConfiguration(port: 0)
        let running = try await FruitBasketServer.start(configuration: configuration, database: database)
        #expect(running.port > 0)
        let url = try #require(URL(string: running.baseURL + APIPaths.health))
        let (data, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(try JSONDecoder().decode(HealthStatus.self, from: data) == HealthStatus(status: "ok"))
        let state = try await running.server.catalogue.state()
        #expect(state.sequence == 0)
        await running.stop()

        let restarted = try await FruitBasketServer.start(
            configuration: FruitBasketServerConfiguration(port: running.port),
            database: database
        )
        #expect(restarted.port == running.port)
        let (again, _) = try await URLSession.shared.data(from: url)
        #expect(try JSONDecoder().decode(HealthStatus.self, from: again) == HealthStatus(status: "ok"))
        #expect(try await restarted.server.catalogue.state().epoch == state.epoch)
        await restarted.kill()

        let third = try await FruitBasketServer.start(
            configuration: FruitBasketServerConfiguration(port: running.port),
            database: database
        )
        let (last, _) = try await URLSession.shared.data(from: url)
        #expect(try JSONDecoder().decode(HealthStatus.self, from: last) == HealthStatus(status: "ok"))
        #expect(try await third.server.catalogue.state().epoch == state.epoch)
        await third.stop()
        try await database.close()
    }
}
