import CoreMetrics
import Prometheus

/// The series a ``FruitBasketServer`` records, through swift-metrics into the
/// `PrometheusCollectorRegistry` of its configuration (never through the process-wide
/// `MetricsSystem`, so servers in one process, tests among them, keep separate counts).
///
/// | Series | Kind | Labels |
/// | --- | --- | --- |
/// | `fruitbasket_http_requests_total` | counter | `route` (the route template, `unmatched` for none), `method`, `status` |
/// | `fruitbasket_http_request_duration_seconds` | histogram | `route`, `method` |
/// | `fruitbasket_store_sequence` | gauge, read at each scrape | |
/// | `fruitbasket_long_polls_open` | gauge | |
/// | `fruitbasket_upload_bytes_total` | counter | |
struct ServerMetrics: Sendable {
    /// The route label of a request no route answered.
    static let unmatchedRoute = "unmatched"

    /// The registry the series live in, which `/metrics` renders.
    let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    /// The store's sequence, set from the store at each scrape.
    let sequence: CoreMetrics.Gauge
    /// The long polls waiting for a change.
    let openLongPolls: CoreMetrics.Meter
    /// The bytes of every upload stored.
    let uploadBytes: CoreMetrics.Counter

    /// Records into `registry`.
    init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
        factory = PrometheusMetricsFactory(registry: registry)
        sequence = CoreMetrics.Gauge(label: "fruitbasket_store_sequence", factory: factory)
        openLongPolls = CoreMetrics.Meter(label: "fruitbasket_long_polls_open", factory: factory)
        uploadBytes = CoreMetrics.Counter(label: "fruitbasket_upload_bytes_total", factory: factory)
    }

    /// Counts one answered request and records how long it took to answer.
    ///
    /// - Parameters:
    ///   - route: the template of the route that answered (`/v1/items/{id}`, never the raw path),
    ///     or `nil` when none did.
    ///   - method: the request's method.
    ///   - status: the answer's status code.
    ///   - duration: the time until the answer's head.
    func recordRequest(route: String?, method: String, status: Int, duration: Duration) {
        let route = route ?? Self.unmatchedRoute
        CoreMetrics.Counter(
            label: "fruitbasket_http_requests_total",
            dimensions: [("route", route), ("method", method), ("status", String(status))],
            factory: factory
        ).increment()
        let (seconds, attoseconds) = duration.components
        CoreMetrics.Timer(
            label: "fruitbasket_http_request_duration_seconds",
            dimensions: [("route", route), ("method", method)],
            factory: factory
        ).recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// The registry's series in Prometheus' text format.
    func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }
}
