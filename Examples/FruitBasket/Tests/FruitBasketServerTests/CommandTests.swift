import Foundation
import FruitBasketAPI
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("The fruitbasket-server command")
struct CommandTests {
    /// The built command, beside the test bundle.
    static let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("fruitbasket-server")

    /// Reads `handle` until a whole line arrived; `nil` at end of file.
    static func firstLine(of handle: FileHandle) async -> String? {
        await Task.detached {
            var bytes: [UInt8] = []
            while true {
                let data = handle.availableData
                if data.isEmpty { return nil }
                bytes += data
                if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                    return String(decoding: bytes[..<newline], as: UTF8.self)
                }
            }
        }.value
    }

    @Test(
        "It prints one line with the port it chose, serves on it, and exits cleanly on SIGTERM",
        .enabled(if: FileManager.default.isExecutableFile(atPath: executable.path))
    )
    func listensAndStops() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = [
            "--db", "sqlite:\(directory.appendingPathComponent("store.sqlite").path)", "--port", "0",
            "--account", "kiwi:green",
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = try #require(await Self.firstLine(of: output.fileHandleForReading))
        let prefix = "fruitbasket-server listening on http://127.0.0.1:"
        #expect(line.hasPrefix(prefix))
        let port = try #require(Int(line.dropFirst(prefix.count)))

        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)\(APIPaths.tokens)")))
        request.httpMethod = "POST"
        request.httpBody = try JSONEncoder().encode(TokenRequest(account: "kiwi", secret: "green"))
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)

        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }
}
