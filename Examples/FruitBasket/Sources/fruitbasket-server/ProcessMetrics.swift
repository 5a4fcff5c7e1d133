import Metrics
import Prometheus

/// The process's metrics: one `PrometheusCollectorRegistry`, with `MetricsSystem` bootstrapped
/// to record into it the first time ``registry`` is read (a static `let` runs its initialiser
/// once per process, so the bootstrap, which may happen only once, cannot run twice).
enum ProcessMetrics {
    /// The registry the server records into and `/metrics` renders, libraries' series included.
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()
}
