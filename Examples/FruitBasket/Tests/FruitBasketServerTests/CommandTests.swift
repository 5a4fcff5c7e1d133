import ChildProcess
import Foundation
import FruitBasketAPI
import Testing

@testable import FruitBasketServer

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
        "It prints one line with the port it chose, serves on it (/metrics with the secret of its file), and exits cleanly on SIGTERM",
        .enabled(if: executable != nil, "fruitbasket-server was not built beside the tests")
    )
    func listensAndStops() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let accounts = directory.appendingPathComponent("accounts")
        try Data("# tenants\nkiwi:green\n".utf8).write(to: accounts)
        let metricsSecret = directory.appendingPathComponent("metrics-secret")
        try Data("scrape\n".utf8).write(to: metricsSecret)
        let process = try ChildProcess(
            executable: try #require(Self.executable),
            arguments: [
                "--db", "sqlite:\(directory.appendingPathComponent("store.sqlite").path)", "--port", "0",
                "--accounts-file", accounts.path, "--metrics-secret-file", metricsSecret.path,
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

        // The process's registry (MetricsSystem bootstrapped once) behind the secret of the file.
        var scrape = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)\(APIPaths.metrics)")))
        scrape.setValue("Bearer scrape", forHTTPHeaderField: "Authorization")
        let (metrics, metricsResponse) = try await URLSession.shared.data(for: scrape)
        #expect((metricsResponse as? HTTPURLResponse)?.statusCode == 200)
        let tokens = #"fruitbasket_http_requests_total{route="/v1/tokens",method="POST",status="201"} 1"#
        #expect(String(decoding: metrics, as: UTF8.self).split(separator: "\n").contains { $0 == tokens })

        process.send(SIGTERM)
        #expect(await process.waitForExit(timeout: .seconds(60)) == .exited(0))
    }

    @Test(
        "Without accounts (no file, no FRUITBASKET_ACCOUNTS) and without --development it refuses to start",
        .enabled(
            if: executable != nil && ProcessInfo.processInfo.environment["FRUITBASKET_ACCOUNTS"] == nil,
            "fruitbasket-server was not built beside the tests, or FRUITBASKET_ACCOUNTS is set"
        )
    )
    func refusesWithoutAccounts() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = try ChildProcess(
            executable: try #require(Self.executable),
            arguments: ["--db", "sqlite:\(directory.appendingPathComponent("store.sqlite").path)", "--port", "0"],
            standardOutput: .lines
        )
        defer { process.send(SIGKILL) }
        let exit = await process.waitForExit(timeout: .seconds(60))
        #expect(exit != nil && exit != .exited(0))
    }
}

@Suite("The account list of a file or FRUITBASKET_ACCOUNTS")
struct AccountListTests {
    @Test func parsesLinesSkippingCommentsAndBlanks() throws {
        let text = "# accounts\n\n  fruit:basket  \nkiwi:green:with:colons\nfruit:newer\n"
        #expect(try AccountList.parse(text) == ["fruit": "newer", "kiwi": "green:with:colons"])
        #expect(try AccountList.parse("") == [:])
    }

    @Test func refusesMalformedLinesByNumber() {
        for (text, line) in [("fruit", 1), ("ok:1\n:secret", 2), ("ok:1\n\nname:", 3)] {
            #expect(throws: AccountList.Malformed(line: line)) { try AccountList.parse(text) }
        }
    }
}
