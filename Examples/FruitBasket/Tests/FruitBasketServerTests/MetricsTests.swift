import Foundation
import FruitBasketAPI
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FruitBasketServer

/// `GET /metrics`: the series in Prometheus' text format, exact after a known run of requests.
/// Every test server records into a registry of its own (the configuration's default), so the
/// counts never include another test's requests.
@Suite("GET /metrics: requests, latency, sequence, long polls and upload bytes")
struct MetricsTests {
    /// Every route template the server has, as the `route` label writes it, and `unmatched`.
    static let routes: Set = [
        "/metrics", "/openapi.json", "/v1/health", "/v1/tokens", "/v1/state", "/v1/changes/wait", "/v1/changes",
        "/v1/items", "/v1/folders/{id}/children", "/v1/items/{id}", "/v1/items/{id}/content", "/v1/uploads",
        "/v1/uploads/{id}", "/v1/admin/reset-epoch", "/v1/admin/expire-history", "/v1/admin/quota",
        "/v1/admin/accounts/{account}/revoke", "/v1/admin/accounts/{account}/restore", ServerMetrics.unmatchedRoute,
    ]

    /// The exposition, read with the metrics secret.
    static func scrape(_ api: TestAPI, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let response = try await api.client.execute(
            uri: APIPaths.metrics,
            method: .get,
            headers: [.authorization: "Bearer \(TestAPI.metricsSecret)"]
        )
        #expect(response.status == .ok, sourceLocation: sourceLocation)
        #expect(
            response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8",
            sourceLocation: sourceLocation
        )
        return String(buffer: response.body)
    }

    /// The value of the sample `series` (its name and labels as the exposition writes them).
    static func value(_ series: String, in text: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1))
        }
        return nil
    }

    /// Every value the `route` label takes in `text`.
    static func routeLabels(in text: String) -> Set<String> {
        var routes: Set<String> = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let start = line.range(of: #"route=""#)?.upperBound,
                let end = line[start...].firstIndex(of: "\"")
            else { continue }
            routes.insert(String(line[start..<end]))
        }
        return routes
    }

    @Test("Requests count by route template, method and status, and the latency histogram counts each once")
    func requestsByRouteAndStatus() async throws {
        try await TestAPI.run { api in
            var ids: [String] = []
            for name in ["apple", "pear", "plum"] { ids.append(try await api.create(name).id) }
            for id in ids { _ = try await api.item(id) }
            #expect(try api.errorCode(try await api.send(.get, APIPaths.item("missing"))) == .noSuchItem)
            #expect(try api.errorCode(try await api.send(.get, "/v1/nowhere/\(ids[0])")) == .noSuchRoute)
            let text = try await Self.scrape(api)
            let item = #"route="/v1/items/{id}",method="GET""#
            #expect(Self.value(#"fruitbasket_http_requests_total{\#(item),status="200"}"#, in: text) == 3)
            #expect(Self.value(#"fruitbasket_http_requests_total{\#(item),status="404"}"#, in: text) == 1)
            let created = #"fruitbasket_http_requests_total{route="/v1/items",method="POST",status="201"}"#
            #expect(Self.value(created, in: text) == 3)
            let unmatched = #"fruitbasket_http_requests_total{route="unmatched",method="GET",status="404"}"#
            #expect(Self.value(unmatched, in: text) == 1)
            #expect(Self.value("fruitbasket_http_request_duration_seconds_count{\(item)}", in: text) == 4)
            let infinite = #"fruitbasket_http_request_duration_seconds_bucket{\#(item),le="+Inf"}"#
            #expect(Self.value(infinite, in: text) == 4)
            // Identifiers never become label values: only the route templates do.
            let labels = Self.routeLabels(in: text)
            #expect(labels.isSubset(of: Self.routes), "\(labels.subtracting(Self.routes))")
            for id in ids { #expect(!labels.contains { $0.contains(id) }) }
        }
    }

    @Test("The sequence gauge is the store's sequence and upload bytes are the bytes uploaded")
    func sequenceAndUploadBytes() async throws {
        try await TestAPI.run { api in
            #expect(Self.value("fruitbasket_store_sequence", in: try await Self.scrape(api)) == 0)
            _ = try await api.upload(Array(repeating: 7, count: 17))
            try await api.create("jam", content: Array("hello".utf8))
            try await api.create("crate", kind: .folder)
            let text = try await Self.scrape(api)
            #expect(Self.value("fruitbasket_upload_bytes_total", in: text) == 22)
            let sequence = try await api.state().sequence
            #expect(sequence == 2)
            #expect(Self.value("fruitbasket_store_sequence", in: text) == Double(sequence))
        }
    }

    @Test("The open long polls gauge is 1 while one is parked and 0 once it answered")
    func openLongPolls() async throws {
        try await TestAPI.run { api in
            #expect(Self.value("fruitbasket_long_polls_open", in: try await Self.scrape(api)) == 0)
            let before = try await api.state()
            async let answer = api.send(.get, "\(APIPaths.wait)?after=\(before.sequence)&timeout=60")
            while await api.server.notifier.waitingCount == 0 { await Task.yield() }
            #expect(Self.value("fruitbasket_long_polls_open", in: try await Self.scrape(api)) == 1)
            try await api.create("wake")
            let state = try api.decode(ServerState.self, try await answer)
            #expect(state.sequence == before.sequence + 1)
            #expect(Self.value("fruitbasket_long_polls_open", in: try await Self.scrape(api)) == 0)
        }
    }

    @Test("Only the metrics secret reads /metrics (an account's token does not); without one it does not exist")
    func access() async throws {
        try await TestAPI.run { api in
            #expect(try api.errorCode(try await api.send(.get, APIPaths.metrics)) == .notAuthenticated)
            let wrong = try await api.send(.get, APIPaths.metrics, headers: [.authorization: "Bearer guess"])
            #expect(try api.errorCode(wrong) == .notAuthenticated)
            let anonymous = try await api.client.execute(uri: APIPaths.metrics, method: .get)
            #expect(try api.errorCode(anonymous) == .notAuthenticated)
        }
        try await TestAPI.expectNoRouteWithoutSecrets(.get, APIPaths.metrics)
    }
}
