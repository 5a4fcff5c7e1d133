import AsyncHTTPClient
import FileProviderKit
import Foundation
import FruitBasketAPI
import FruitBasketServer
import NIOCore

/// Lists the seeded folder three ways in alternating blocks, after a warm-up block, and prints
/// the minimum and median of each and the provider's ratio to each baseline.
struct ListingComparison {
    let bench: LoopbackBench
    let expected: Int
    let rounds: Int
    static let pageSize = 1_000

    func run() async throws {
        let plain = try await PlainRowsServer.start(database: bench.database, folder: bench.listedFolder)
        defer { plain.stop() }
        let token = try await bearerToken()
        var provider = Samples()
        var pages = Samples()
        var rows = Samples()
        for round in 0...rounds {
            let times = (
                try await Stopwatch.seconds { try await listThroughProvider() },
                try await Stopwatch.seconds { try await listPlainPages(token: token) },
                try await Stopwatch.seconds { try await listPlainRows(port: plain.port) }
            )
            guard round > 0 else { continue }
            provider.values.append(times.0)
            pages.values.append(times.1)
            rows.values.append(times.2)
        }
        print("listing \(expected) items over loopback, \(rounds) blocks after a warm-up (seconds):")
        print("  way                                              min     median")
        for (name, samples) in [
            ("provider (FruitBasketEnumerator, 1,000/page)", provider),
            ("plain HTTP GETs of the same pages, JSON", pages),
            ("one plain HTTP GET of every row, JSON", rows),
        ] {
            print(String(format: "  %-46@ %7.3f  %7.3f", name as NSString, samples.minimum, samples.median))
        }
        print(
            String(
                format:
                    "  provider / plain pages: %.2f× (median), %.2f× (min); provider / one GET: %.2f× (median), %.2f× (min)",
                provider.median / pages.median,
                provider.minimum / pages.minimum,
                provider.median / rows.median,
                provider.minimum / rows.minimum
            )
        )
    }

    private func listThroughProvider() async throws {
        let enumerator = try await bench.provider.enumerator(for: .rootContainer, request: Request())
        guard let pages = enumerator as? any ThrowingEnumerator else {
            throw BenchmarkFailure("the provider's enumerator is not a ThrowingEnumerator")
        }
        var page = Page.initialPageSortedByName
        var count = 0
        while true {
            let result = try await pages.enumerateItems(startingAt: page, limit: Self.pageSize)
            count += result.items.count
            guard let next = result.nextPage else { break }
            page = next
        }
        try expectCount(count, "the provider")
    }

    private func listPlainPages(token: String) async throws {
        var cursor: String?
        var count = 0
        repeat {
            var url = "\(bench.server.baseURL)\(APIPaths.children(bench.listedFolder))?limit=\(Self.pageSize)"
            if let cursor {
                url += "&cursor=\(cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? cursor)"
            }
            var request = HTTPClientRequest(url: url)
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            let page = try JSONDecoder().decode(ListingPage.self, from: try await body(of: request))
            count += page.items.count
            cursor = page.next
        } while cursor != nil
        try expectCount(count, "the plain pages")
    }

    private func listPlainRows(port: Int) async throws {
        let request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/rows")
        let items = try JSONDecoder().decode([WireItem].self, from: try await body(of: request))
        try expectCount(items.count, "the plain GET")
    }

    private func bearerToken() async throws -> String {
        let (account, secret) = FruitBasketServerConfiguration.defaultAccounts.first ?? ("fruit", "basket")
        var request = HTTPClientRequest(url: "\(bench.server.baseURL)\(APIPaths.tokens)")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(
            ByteBuffer(bytes: try JSONEncoder().encode(TokenRequest(account: account, secret: secret)))
        )
        return try JSONDecoder().decode(TokenGrant.self, from: try await body(of: request)).token
    }

    private func body(of request: HTTPClientRequest) async throws -> Data {
        let response = try await bench.http.execute(request, timeout: .seconds(120))
        let buffer = try await response.body.collect(upTo: 512 * 1_048_576)
        guard (200..<300).contains(response.status.code) else {
            throw BenchmarkFailure("\(request.url) answered \(response.status): \(String(buffer: buffer))")
        }
        return Data(buffer.readableBytesView)
    }

    private func expectCount(_ count: Int, _ way: String) throws {
        guard count == expected else { throw BenchmarkFailure("\(way) listed \(count) items, not \(expected)") }
    }
}
