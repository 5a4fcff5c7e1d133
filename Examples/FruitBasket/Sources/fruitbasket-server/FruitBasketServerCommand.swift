import ArgumentParser
import Foundation
import FruitBasketServer
import Logging

/// `fruitbasket-server`: runs the FruitBasket server over SQLite (or PostgreSQL) until SIGINT or
/// SIGTERM. Prints `fruitbasket-server listening on http://HOST:PORT` once it listens. Secrets
/// (account secrets, the admin and metrics secrets, a database password) come from files or the environment,
/// never from the command line; without accounts it refuses to start unless `--development`.
@main
struct FruitBasketServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fruitbasket-server",
        abstract: "Serves FruitBasket items over HTTP from SQLite or PostgreSQL."
    )

    @Option(
        help: """
            The database: sqlite:PATH, or postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (servers may share it). \
            Default: $FRUITBASKET_DB, else sqlite:fruitbasket.sqlite; put a URL with a password in FRUITBASKET_DB.
            """
    )
    var db: String?

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 lets the system choose.")
    var port = 8080

    @Option(
        help: """
            A file of accounts, one NAME:SECRET per line (# comments). Default: $FRUITBASKET_ACCOUNTS, \
            which holds the same lines.
            """
    )
    var accountsFile: String?

    @Flag(help: "Development only: without accounts, serve the account fruit:basket (and say so in the log).")
    var development = false

    @Option(
        help: """
            The least severe log messages written to standard error: trace, debug, info (one access-log \
            line per request), notice, warning, error or critical.
            """
    )
    var logLevel = "info"

    @Option(help: "The most bytes uploads and kept content may take together.")
    var quota: Int64?

    @Option(help: "How long a bearer token lives, in seconds.")
    var tokenLifetime: Double = 3600

    @Option(
        help: """
            A file holding the secret the admin endpoints require (default: $FRUITBASKET_ADMIN_SECRET); \
            without one they do not exist.
            """
    )
    var adminSecretFile: String?

    @Option(
        help: """
            A file holding the secret GET /metrics requires as its bearer token (default: \
            $FRUITBASKET_METRICS_SECRET); without one /metrics does not exist.
            """
    )
    var metricsSecretFile: String?

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError(
                "--log-level is trace, debug, info, notice, warning, error or critical; not \(logLevel)."
            )
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        var accounts = try Self.accounts(file: accountsFile, environment: environment["FRUITBASKET_ACCOUNTS"])
        if accounts.isEmpty {
            guard development else {
                throw ValidationError(
                    """
                    No accounts: give --accounts-file PATH or FRUITBASKET_ACCOUNTS (NAME:SECRET lines), \
                    or --development for the account fruit:basket.
                    """
                )
            }
            accounts = FruitBasketServerConfiguration.defaultAccounts
            FileHandle.standardError.write(Data("fruitbasket-server: development mode, account fruit:basket\n".utf8))
        }
        let adminSecret = try Self.secret(
            file: adminSecretFile,
            what: "admin secret file",
            environment: environment["FRUITBASKET_ADMIN_SECRET"]
        )
        let metricsSecret = try Self.secret(
            file: metricsSecretFile,
            what: "metrics secret file",
            environment: environment["FRUITBASKET_METRICS_SECRET"]
        )
        let configuration = FruitBasketServerConfiguration(
            host: host,
            port: port,
            accounts: accounts,
            quota: quota,
            tokenLifetime: tokenLifetime,
            adminSecret: adminSecret,
            logLevel: Logger.Level(rawValue: logLevel) ?? .info,
            metricsSecret: metricsSecret,
            metricsRegistry: ProcessMetrics.registry
        )
        let database = try await openDatabase(db ?? environment["FRUITBASKET_DB"] ?? "sqlite:fruitbasket.sqlite")
        let server = try await FruitBasketServer(configuration: configuration, database: database)
        let host = host
        try await server.run(handlingSignals: true) { port in
            let line = "fruitbasket-server listening on http://\(host):\(port)\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
        try await database.close()
    }

    /// The accounts of `file`, else of `environment` (the text of `FRUITBASKET_ACCOUNTS`).
    private static func accounts(file: String?, environment: String?) throws -> [String: String] {
        let text = try file.map { try read($0, what: "accounts file") } ?? environment ?? ""
        do {
            return try AccountList.parse(text)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The secret in the file at `file` (surrounding white space trimmed), else `environment`;
    /// `nil` when neither gives a non-empty one.
    private static func secret(file: String?, what: String, environment: String?) throws -> String? {
        let secret =
            try file.map { path in try read(path, what: what).trimmingCharacters(in: .whitespacesAndNewlines) }
            ?? environment
        return secret.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The text of the file at `path`.
    private static func read(_ path: String, what: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("The \(what) \(path) cannot be read.")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func openDatabase(_ db: String) async throws -> any CatalogueDatabase {
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
        throw ValidationError("--db is sqlite:PATH or postgres://USER@HOST:PORT/DATABASE; the one given is neither.")
    }
}
