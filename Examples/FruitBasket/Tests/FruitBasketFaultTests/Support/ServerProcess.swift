import Foundation
import Synchronization

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
    private let process: Process
    private let killed = Mutex(false)

    private init(database: URL, port: Int, process: Process) {
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
        guard let executable = executable() else {
            throw StartFailure(description: "the fruitbasket-server executable was not built")
        }
        for _ in 0..<attempts {
            let process = Process()
            process.executableURL = executable
            process.arguments = [
                "--db", "sqlite:\(database.path)", "--port", String(port), "--account", "fruit:basket",
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            if let listening = await listeningLine(of: output.fileHandleForReading),
                let port = listening.split(separator: ":").last.flatMap({ Int($0) })
            {
                return ServerProcess(database: database, port: port, process: process)
            }
            await exit(of: process)
        }
        throw StartFailure(description: "fruitbasket-server did not listen on port \(port) in \(attempts) attempts")
    }

    /// Kills the server with SIGKILL and returns once the process is gone. Killing it again
    /// does nothing (its process identifier may belong to another process by then).
    func sigkill() async {
        guard
            !killed.withLock({ killed in
                defer { killed = true }
                return killed
            })
        else { return }
        kill(process.processIdentifier, SIGKILL)
        await Self.exit(of: process)
    }

    /// Starts a new server on the same database and port.
    ///
    /// - Throws: ``StartFailure``.
    func restart() async throws -> ServerProcess {
        try await Self.start(database: database, port: port)
    }

    /// Waits for `process` to exit, off the cooperative pool.
    private static func exit(of process: Process) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                process.waitUntilExit()
                continuation.resume()
            }
        }
    }

    /// The line `fruitbasket-server listening on …` (log lines before it are skipped), or `nil`
    /// when the output ends without it.
    private static func listeningLine(of output: FileHandle) async -> String? {
        await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            DispatchQueue.global().async {
                var received = Data()
                while true {
                    let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
                    let complete = received.last == UInt8(ascii: "\n") ? lines : lines.dropLast()
                    if let line = complete.first(where: { $0.hasPrefix("fruitbasket-server listening on") }) {
                        continuation.resume(returning: String(line))
                        return
                    }
                    let chunk = output.availableData
                    if chunk.isEmpty { break }
                    received += chunk
                }
                continuation.resume(returning: nil)
            }
        }
    }

    /// The `fruitbasket-server` built beside the test bundle.
    private static func executable() -> URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        return candidates.map { $0.appendingPathComponent("fruitbasket-server") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
