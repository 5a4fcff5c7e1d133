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
        /// The file for the server's standard error could not be created.
        case unwritableLog(String)
        /// The process ended before it printed its "listening on" line; its standard error.
        case exited(status: Int32, log: String)

        var description: String {
            switch self {
            case .notBuilt: return "The fruitbasket-server executable was not built beside the tests."
            case .unwritableLog(let path): return "Could not create the server's log file \(path)."
            case .exited(let status, let log): return "fruitbasket-server exited with status \(status): \(log)"
            }
        }
    }

    /// The server's base URL, `http://127.0.0.1:PORT`.
    let baseURL: String
    private let process: Process
    private let logFile: URL

    /// The admin secret every test server is started with.
    static let adminSecret = "multi-server-admin"

    /// Starts a server on `databaseURL` and returns once it listens.
    ///
    /// - Throws: ``Failure`` when the executable is missing or the server stops before listening.
    init(databaseURL: String) async throws {
        guard let executable = Self.executable() else { throw Failure.notBuilt }
        let logFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("fruitbasket-server-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: logFile.path, contents: nil) else {
            throw Failure.unwritableLog(logFile.path)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "--db", databaseURL, "--host", "127.0.0.1", "--port", "0", "--admin-secret", Self.adminSecret,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: logFile)
        try process.run()
        let line = await Self.firstLine(containing: "listening on http://", from: output.fileHandleForReading)
        guard let line, let range = line.range(of: "http://") else {
            process.waitUntilExit()
            let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: logFile)
            throw Failure.exited(status: process.terminationStatus, log: log)
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
        kill(process.processIdentifier, SIGKILL)
        let process = process
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                process.waitUntilExit()
                continuation.resume()
            }
        }
        try? FileManager.default.removeItem(at: logFile)
    }

    /// Reads `handle` (on a dispatch thread, the reads block) until a line containing `marker`
    /// arrives; `nil` at the end of the output.
    private static func firstLine(containing marker: String, from handle: FileHandle) async -> String? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var received = Data()
                while true {
                    let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
                    if let line = lines.first(where: { $0.contains(marker) }) {
                        continuation.resume(returning: String(line))
                        return
                    }
                    let chunk = handle.availableData
                    if chunk.isEmpty {
                        continuation.resume(returning: nil)
                        return
                    }
                    received += chunk
                }
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
