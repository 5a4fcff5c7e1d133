import Foundation
import FruitBasketProvider
import FruitBasketServer
import Synchronization

/// A FruitBasket server in this process, on a loopback port the system chose, over a database of
/// its own (by default a SQLite file in a temporary folder). It can stop and start again on the
/// same port and database, as a server that restarts does.
final class LoopbackServer: Sendable {
    /// The secret of the admin endpoints.
    static let adminSecret = "conformance-admin"

    let folder: URL
    let database: any CatalogueDatabase
    private let configuration: Mutex<FruitBasketServerConfiguration>
    private let running = Mutex<RunningFruitBasketServer?>(nil)

    /// Starts a server over `database`, or over a new SQLite file when it is `nil`; the server
    /// closes the database in ``remove()``.
    ///
    /// - Parameter configure: changes to the server's configuration (accounts, quota, token
    ///   lifetime, clock).
    init(
        database: (any CatalogueDatabase)? = nil,
        configure: (inout FruitBasketServerConfiguration) -> Void = { _ in }
    ) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "FruitBasketTests-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let database {
            self.database = database
        } else {
            self.database = try await SQLiteCatalogueDatabase(
                location: .file(folder.appendingPathComponent("fruit.sqlite").path)
            )
        }
        var settings = FruitBasketServerConfiguration(port: 0, adminSecret: Self.adminSecret, logLevel: .critical)
        configure(&settings)
        configuration = Mutex(settings)
        try await start()
    }

    /// `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(configuration.withLock { $0.port })" }

    /// A client configuration for the default account, with short timeouts.
    var clientConfiguration: FruitBasketConfiguration {
        let (account, secret) = FruitBasketServerConfiguration.defaultAccounts.first ?? ("", "")
        return FruitBasketConfiguration(
            baseURL: baseURL,
            account: account,
            secret: secret,
            connectTimeout: .seconds(2),
            requestTimeout: .seconds(20),
            transferTimeout: .seconds(60),
            pushWait: .seconds(5)
        )
    }

    /// Starts the server (again), on the port it had before; starting a running server does
    /// nothing.
    func start() async throws {
        guard running.withLock({ $0 == nil }) else { return }
        let server = try await FruitBasketServer.start(
            configuration: configuration.withLock { $0 },
            database: database
        )
        configuration.withLock { $0.port = server.port }
        running.withLock { $0 = server }
    }

    /// Stops the server; its port is free once this returns. Stopping a stopped server does
    /// nothing.
    func stop() async {
        guard
            let server = running.withLock({ running in
                defer { running = nil }
                return running
            })
        else { return }
        await server.stop()
    }

    /// Stops the server, closes the database and removes the folder.
    func remove() async {
        await stop()
        try? await database.close()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `body` with a new server and removes the server afterwards, whatever `body` does.
    static func with(
        configure: (inout FruitBasketServerConfiguration) -> Void = { _ in },
        _ body: (LoopbackServer) async throws -> Void
    ) async throws {
        let server = try await LoopbackServer(configure: configure)
        do {
            try await body(server)
        } catch {
            await server.remove()
            throw error
        }
        await server.remove()
    }

    /// Runs `body` with a new server and a provider of it, and removes both afterwards.
    static func withProvider(
        configuration edit: (inout FruitBasketConfiguration) -> Void = { _ in },
        configure: (inout FruitBasketServerConfiguration) -> Void = { _ in },
        _ body: (FruitBasketProvider, LoopbackServer) async throws -> Void
    ) async throws {
        try await with(configure: configure) { server in
            var configuration = server.clientConfiguration
            edit(&configuration)
            let provider = FruitBasketProvider(configuration: configuration)
            do {
                try await body(provider, server)
            } catch {
                await provider.invalidate()
                throw error
            }
            await provider.invalidate()
        }
    }
}
