import Foundation
import FruitBasketServer

/// A server running in the test's process over an in-memory SQLite database, every request
/// passing a ``RequestGate``.
struct InProcessServer: Sendable {
    /// The running server.
    let running: RunningFruitBasketServer
    /// The gate every request passes.
    let gate: RequestGate
    private let database: SQLiteCatalogueDatabase

    /// Starts a server on a port of the system's choice, which `teardown` stops.
    ///
    /// - Parameters:
    ///   - teardown: the test's clean-up.
    ///   - tokenLifetime: how long a bearer token lives, in seconds of `clock`.
    ///   - clock: the server's time.
    /// - Throws: the server's error.
    init(
        _ teardown: Teardown,
        tokenLifetime: Double = 3600,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) async throws {
        let gate = RequestGate()
        let database = try await SQLiteCatalogueDatabase(location: .memory)
        self.gate = gate
        self.database = database
        running = try await FruitBasketServer.start(
            configuration: FruitBasketServerConfiguration(
                port: 0,
                tokenLifetime: tokenLifetime,
                clock: clock,
                logLevel: .critical,
                requestHooks: gate.hooks
            ),
            database: database
        )
        teardown.add { [self] in try? await stop() }
    }

    /// `http://127.0.0.1:<port>`.
    var baseURL: String { running.baseURL }

    /// Lets every held request go, stops the server and closes its database.
    ///
    /// - Throws: the database's error.
    func stop() async throws {
        await gate.releaseAll()
        await running.stop()
        try await database.close()
    }
}
