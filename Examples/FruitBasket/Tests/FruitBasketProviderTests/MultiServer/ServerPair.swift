import FruitBasketProvider

/// Two `fruitbasket-server` processes on one PostgreSQL database, with a client of each: whatever
/// one commits, the other learns only through the database.
struct ServerPair: Sendable {
    let a: ServerProcess
    let b: ServerProcess
    let clientA: FruitBasketClient
    let clientB: FruitBasketClient

    /// Starts both servers on `databaseURL`, one after the other, so the first creates the
    /// schema before the second starts.
    static func start(databaseURL: String) async throws -> ServerPair {
        let a = try await ServerProcess(databaseURL: databaseURL)
        let b: ServerProcess
        do {
            b = try await ServerProcess(databaseURL: databaseURL)
        } catch {
            await a.stop()
            throw error
        }
        return ServerPair(
            a: a,
            b: b,
            clientA: FruitBasketClient(configuration: a.clientConfiguration),
            clientB: FruitBasketClient(configuration: b.clientConfiguration)
        )
    }

    /// Creates a scratch database, starts both servers on it, runs `body`, and stops and drops
    /// everything whether `body` throws or not.
    static func with<Result: Sendable>(_ body: (ServerPair) async throws -> Result) async throws -> Result {
        try await ScratchPostgresDatabase.with { database in
            let pair = try await start(databaseURL: database.url)
            let result: Result
            do {
                result = try await body(pair)
            } catch {
                await pair.stop()
                throw error
            }
            await pair.stop()
            return result
        }
    }

    /// Shuts the clients down and stops both servers.
    func stop() async {
        await clientA.shutdown()
        await clientB.shutdown()
        await a.stop()
        await b.stop()
    }
}
