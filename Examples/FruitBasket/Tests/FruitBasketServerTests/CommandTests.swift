import ChildProcess
import Foundation
import FruitBasketAPI
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("The fruitbasket-server command")
struct CommandTests {
    /// The built command, beside the test bundle.
    static let executable = ChildProcess.builtExecutable(named: "fruitbasket-server")

    @Test(
        "It prints one line with the port it chose, serves on it, and exits cleanly on SIGTERM",
        .enabled(if: executable != nil, "fruitbasket-server was not built beside the tests")
    )
    func listensAndStops() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = try ChildProcess(
            executable: try #require(Self.executable),
            arguments: [
                "--db", "sqlite:\(directory.appendingPathComponent("store.sqlite").path)", "--port", "0",
                "--account", "kiwi:green",
            ],
            standardOutput: .lines
        )
        defer { process.send(SIGKILL) }
        let line = try #require(await process.waitForOutput(timeout: .seconds(60)) { $0.lines.first })
        let prefix = "fruitbasket-server listening on http://127.0.0.1:"
        #expect(line.hasPrefix(prefix))
        let port = try #require(Int(line.dropFirst(prefix.count)))

        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)\(APIPaths.tokens)")))
        request.httpMethod = "POST"
        request.httpBody = try JSONEncoder().encode(TokenRequest(account: "kiwi", secret: "green"))
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)

        process.send(SIGTERM)
        #expect(await process.waitForExit(timeout: .seconds(60)) == .exited(0))
    }
}
