import ChildProcess
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `fruitbasket-server` running as a process of its own over a SQLite file, which the test
/// kills with SIGKILL (no chance to flush or say goodbye) and starts again on the same port.
final class ServerProcess: Sendable {
    /// Why a server could not be started.
    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// The SQLite file the server keeps its items in.
    let database: URL
    /// The port it listens on.
    let port: Int
    private let process: ChildProcess

    private init(database: URL, port: Int, process: ChildProcess) {
        self.database = database
        self.port = port
        self.process = process
    }

    /// `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts a server on `database` and returns once it printed the port it listens on.
    ///
    /// - Parameters:
    ///   - port: the port to listen on; 0 lets the system choose.
    ///   - attempts: how many processes to start before giving up when one exits before it
    ///     listens (the port of a killed server may still be held for a moment).
    /// - Throws: ``StartFailure`` when the executable is missing or no attempt listened.
    static func start(database: URL, port: Int = 0, attempts: Int = 20) async throws -> ServerProcess {
        guard let executable = ChildProcess.builtExecutable(named: "fruitbasket-server") else {
            throw StartFailure(description: "the fruitbasket-server executable was not built")
        }
        for _ in 0..<attempts {
            let process = try ChildProcess(
                executable: executable,
                arguments: ["--db", "sqlite:\(database.path)", "--port", String(port), "--development"],
                standardOutput: .lines,
                standardError: .discard
            )
            let marker = "fruitbasket-server listening on"
            let listening = await process.waitForLine(containing: marker, timeout: .seconds(60))
            if let listening,
                let port = listening.split(separator: ":").last.flatMap({ Int($0) })
            {
                return ServerProcess(database: database, port: port, process: process)
            }
            process.send(SIGKILL)
            _ = await process.waitForExit(timeout: .seconds(60))
        }
        throw StartFailure(description: "fruitbasket-server did not listen on port \(port) in \(attempts) attempts")
    }

    /// Kills the server with SIGKILL and returns once the process is gone. Killing it again
    /// does nothing.
    func sigkill() async {
        process.send(SIGKILL)
        _ = await process.waitForExit(timeout: .seconds(60))
    }

    /// Starts a new server on the same database and port.
    ///
    /// - Throws: ``StartFailure``.
    func restart() async throws -> ServerProcess {
        try await Self.start(database: database, port: port)
    }
}
