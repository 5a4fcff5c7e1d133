import ArgumentParser
import Foundation
import FruitBasketServer

/// `fruitbasket-server`: runs the FruitBasket server over SQLite (or PostgreSQL) until SIGINT or
/// SIGTERM. Prints `fruitbasket-server listening on http://HOST:PORT` once it listens.
@main
struct FruitBasketServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fruitbasket-server",
        abstract: "Serves FruitBasket items over HTTP from SQLite or PostgreSQL."
    )

    @Option(
        help: "The database: sqlite:PATH, or postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (servers may share it)."
    )
    var db = "sqlite:fruitbasket.sqlite"

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 lets the system choose.")
    var port = 8080

    @Option(
        name: .customLong("account"),
        help: "An account as NAME:SECRET (repeatable; default fruit:basket)."
    )
    var accounts: [String] = []

    @Option(help: "The most bytes uploads and kept content may take together.")
    var quota: Int64?

    @Option(help: "How long a bearer token lives, in seconds.")
    var tokenLifetime: Double = 3600

    @Option(help: "The secret the admin endpoints require; without it they do not exist.")
    var adminSecret: String?

    func run() async throws {
        var accountTable: [String: String] = [:]
        for account in accounts {
            guard let colon = account.firstIndex(of: ":"), colon != account.startIndex else {
                throw ValidationError("An account is NAME:SECRET; \(account) is not.")
            }
            accountTable[String(account[..<colon])] = String(account[account.index(after: colon)...])
        }
        let configuration = FruitBasketServerConfiguration(
            host: host,
            port: port,
            accounts: accountTable.isEmpty ? FruitBasketServerConfiguration.defaultAccounts : accountTable,
            quota: quota,
            tokenLifetime: tokenLifetime,
            adminSecret: adminSecret,
            logLevel: .notice
        )
        let database = try await openDatabase()
        let server = try await FruitBasketServer(configuration: configuration, database: database)
        let host = host
        try await server.run(handlingSignals: true) { port in
            let line = "fruitbasket-server listening on http://\(host):\(port)\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
        try await database.close()
    }

    private func openDatabase() async throws -> any CatalogueDatabase {
        if db.hasPrefix("sqlite:") {
            return try await SQLiteCatalogueDatabase(location: .file(String(db.dropFirst("sqlite:".count))))
        }
        if db.hasPrefix("postgres://") || db.hasPrefix("postgresql://") {
            let database: PostgresCatalogueDatabase
            do {
                database = try PostgresCatalogueDatabase(url: db)
            } catch {
                throw ValidationError(error.description)
            }
            do {
                try await database.verifyConnection()
            } catch {
                try? await database.close()
                throw error
            }
            return database
        }
        throw ValidationError("--db is sqlite:PATH or postgres://USER@HOST:PORT/DATABASE; \(db) is neither.")
    }
}
