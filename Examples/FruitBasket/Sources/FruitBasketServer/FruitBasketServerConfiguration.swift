import Foundation
import Logging
import Prometheus

/// How a ``FruitBasketServer`` runs.
public struct FruitBasketServerConfiguration: Sendable {
    /// The address to listen on.
    public var host: String
    /// The port to listen on; 0 lets the system choose (see ``FruitBasketServer/run(onListening:)``).
    public var port: Int
    /// The accounts, by name, with their secrets.
    public var accounts: [String: String]
    /// The most bytes uploads and kept content may take together, or `nil` for no limit.
    public var quota: Int64?
    /// How long a bearer token lives, in seconds.
    public var tokenLifetime: Double
    /// The secret the admin endpoints require; without one they do not exist.
    public var adminSecret: String?
    /// The content versions kept per file, the current one included.
    public var keptVersions: Int
    /// How often the store's sequence is read, while a long poll waits, to notice changes made
    /// by other server processes sharing the database.
    public var peerPollInterval: Duration
    /// The time: token expiry and the dates stamped on items. Tests inject their own.
    public var clock: @Sendable () -> Date
    /// The level of the server's log.
    public var logLevel: Logger.Level
    /// Closures awaited around every request (tests), or `nil` for none.
    public var requestHooks: FruitBasketRequestHooks?
    /// The secret `GET /metrics` requires as `Authorization: Bearer <secret>`; without one the
    /// route does not exist. It is not an account's token: the series cover every tenant.
    public var metricsSecret: String?
    /// Where the server records its series (see `GET /metrics`). Each configuration gets a
    /// registry of its own unless given one, so servers in one process count apart; a process
    /// that bootstraps `MetricsSystem` passes the registry it bootstrapped with, so `/metrics`
    /// shows its libraries' series too.
    public var metricsRegistry: PrometheusCollectorRegistry

    /// The account a default configuration has: `fruit`, secret `basket`.
    public static let defaultAccounts = ["fruit": "basket"]

    /// Creates a configuration; every parameter has a default.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        accounts: [String: String] = Self.defaultAccounts,
        quota: Int64? = nil,
        tokenLifetime: Double = 3600,
        adminSecret: String? = nil,
        keptVersions: Int = 3,
        peerPollInterval: Duration = .milliseconds(500),
        clock: @escaping @Sendable () -> Date = { Date() },
        logLevel: Logger.Level = .warning,
        requestHooks: FruitBasketRequestHooks? = nil,
        metricsSecret: String? = nil,
        metricsRegistry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()
    ) {
        self.host = host
        self.port = port
        self.accounts = accounts
        self.quota = quota
        self.tokenLifetime = tokenLifetime
        self.adminSecret = adminSecret
        self.keptVersions = keptVersions
        self.peerPollInterval = peerPollInterval
        self.clock = clock
        self.logLevel = logLevel
        self.requestHooks = requestHooks
        self.metricsSecret = metricsSecret
        self.metricsRegistry = metricsRegistry
    }
}
