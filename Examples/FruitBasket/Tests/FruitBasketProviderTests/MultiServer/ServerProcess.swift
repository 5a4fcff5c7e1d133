import ChildProcess
import Foundation
import FruitBasketProvider

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `fruitbasket-server` process (the executable built beside the test bundle) on a port of the
/// system's choice, as a deployment runs several of them on one PostgreSQL database.
final class ServerProcess: Sendable {
    /// Why a server process could not be used.
    enum Failure: Error, CustomStringConvertible {
        /// The executable was not built beside the test bundle.
        case notBuilt
        /// The process did not print its "listening on" line in time; how it ended (`nil`: it
        /// was still running, and was killed) and its standard error.
        case notListening(ChildProcess.Termination?, log: String)

        var description: String {
            switch self {
            case .notBuilt:
                return "The fruitbasket-server executable was not built beside the tests."
            case .notListening(let termination, let log):
                let state = termination.map { "\($0)" } ?? "did not listen within 60 s"
                return "fruitbasket-server \(state): \(log)"
            }
        }
    }

    /// The server's base URL, `http://127.0.0.1:PORT`.
    let baseURL: String
    private let process: ChildProcess
    private let logFile: URL

    /// The admin secret every test server is started with.
    static let adminSecret = "multi-server-admin"

    /// Starts a server on `databaseURL` and returns once it listens.
    ///
    /// - Throws: ``Failure`` when the executable is missing or the server does not listen within
    ///   60 s; `ChildProcess.Failure` when it cannot be started.
    init(databaseURL: String) async throws {
        guard let executable = ChildProcess.builtExecutable(named: "fruitbasket-server") else {
            throw Failure.notBuilt
        }
        let logFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("fruitbasket-server-\(UUID().uuidString).log")
        let secretFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("fruitbasket-admin-\(UUID().uuidString)")
        try Data(Self.adminSecret.utf8).write(to: secretFile)
        defer { try? FileManager.default.removeItem(at: secretFile) }
        let process = try ChildProcess(
            executable: executable,
            arguments: [
                "--db", databaseURL, "--host", "127.0.0.1", "--port", "0", "--development",
                "--admin-secret-file", secretFile.path,
            ],
            standardOutput: .lines,
            standardError: .file(logFile.path)
        )
        let line = await process.waitForLine(containing: "listening on http://", timeout: .seconds(60))
        guard let line, let range = line.range(of: "http://") else {
            process.send(SIGKILL)
            let termination = await process.waitForExit(timeout: .seconds(30))
            let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: logFile)
            throw Failure.notListening(termination, log: log)
        }
        self.baseURL = String(line[range.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
        self.process = process
        self.logFile = logFile
    }

    /// A client configuration for the default account (`fruit`, `basket`), with short timeouts.
    var clientConfiguration: FruitBasketConfiguration {
        FruitBasketConfiguration(
            baseURL: baseURL,
            account: "fruit",
            secret: "basket",
            connectTimeout: .seconds(2),
            requestTimeout: .seconds(20),
            transferTimeout: .seconds(60),
            pushWait: .seconds(5)
        )
    }

    /// Kills the server (SIGKILL: a graceful shutdown is the command test's to check, and one
    /// that hung would hang the suite) and waits for it to exit.
    func stop() async {
        process.send(SIGKILL)
        _ = await process.waitForExit(timeout: .seconds(60))
        try? FileManager.default.removeItem(at: logFile)
    }
}
