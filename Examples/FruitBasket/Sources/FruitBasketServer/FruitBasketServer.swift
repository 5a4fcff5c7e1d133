import FruitBasketAPI
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// The FruitBasket server: the routes of ``APIPaths`` over a ``Catalogue``.
///
/// Start it with ``run(handlingSignals:onListening:)`` (which returns when the server stopped),
/// or with ``start(configuration:database:)`` for a server running in the background. It stops
/// gracefully on ``shutdown()`` (requests in flight finish), and at once when the task running it
/// is cancelled; long polls answer at once either way. It may run again afterwards. The database
/// is not closed: the caller owns it.
public final class FruitBasketServer: Sendable {
    /// How the server runs.
    public let configuration: FruitBasketServerConfiguration
    /// The store.
    public let catalogue: Catalogue
    let notifier: ChangeNotifier
    let metrics: ServerMetrics
    private let running = Mutex<ServiceGroup?>(nil)
    private let stopRequested = Mutex(false)

    /// Opens the catalogue in `database` (creating its schema when new).
    ///
    /// - Throws: the database's error.
    public init(configuration: FruitBasketServerConfiguration, database: any CatalogueDatabase) async throws {
        self.configuration = configuration
        metrics = ServerMetrics(registry: configuration.metricsRegistry)
        let box = NotifierBox()
        catalogue = try await Catalogue(
            database: database,
            quota: configuration.quota,
            keptVersions: configuration.keptVersions,
            clock: configuration.clock,
            onCommit: { sequence in box.publish(sequence) }
        )
        let catalogue = catalogue
        notifier = ChangeNotifier(pollInterval: configuration.peerPollInterval) {
            try? await catalogue.state().sequence
        }
        box.notifier.withLock { $0 = notifier }
    }

    /// Runs the server until ``shutdown()`` or cancellation.
    ///
    /// - Parameters:
    ///   - handlingSignals: whether SIGTERM and SIGINT stop the server gracefully, long polls
    ///     answering at once (for a process of its own; leave it `false` in process).
    ///   - onListening: called once the server listens, with the port it is bound to (the
    ///     chosen one when the configuration's port is 0).
    /// - Throws: when the address cannot be bound.
    public func run(
        handlingSignals: Bool = false,
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        await notifier.open()
        let app = application(onListening: onListening)
        // A graceful shutdown reaches the services last to first: long polls answer first.
        var services = [ServiceGroupConfiguration.ServiceConfiguration(service: app)]
        if let announcements = catalogue.database.commitAnnouncements() {
            let watcher = CommitAnnouncementWatcher(announcements: announcements, notifier: notifier)
            services.append(.init(service: watcher, successTerminationBehavior: .ignore))
        }
        services.append(.init(service: LongPollRelease(notifier: notifier)))
        let serviceGroup = ServiceGroup(
            configuration: .init(
                services: services,
                gracefulShutdownSignals: handlingSignals ? [.sigterm, .sigint] : [],
                logger: app.logger
            )
        )
        let stopped = running.withLock { running in
            running = serviceGroup
            return stopRequested.withLock { $0 }
        }
        defer {
            running.withLock { $0 = nil }
            stopRequested.withLock { $0 = false }
        }
        if stopped { return }
        try await serviceGroup.run()
    }

    /// The Hummingbird application serving the routes (tests drive it in process).
    func application(
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> Application<RouterResponder<FruitBasketRequestContext>> {
        var logger = Logger(label: "fruitbasket-server")
        logger.logLevel = configuration.logLevel
        let router = Router(context: FruitBasketRequestContext.self)
        if let hooks = configuration.requestHooks { router.add(middleware: RequestHookMiddleware(hooks: hooks)) }
        router.add(middleware: RequestObservationMiddleware(metrics: metrics))
        router.add(middleware: ErrorMiddleware())
        APIRoutes(server: self).register(on: router)
        return Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// Stops the server gracefully: long polls answer now, it stops accepting connections, the
    /// requests in flight finish, and ``run(handlingSignals:onListening:)`` returns.
    public func shutdown() async {
        stopRequested.withLock { $0 = true }
        await running.withLock { $0 }?.triggerGracefulShutdown()
    }

    /// Starts a server in the background and returns once it listens.
    ///
    /// - Throws: the database's error; the error that kept the server from listening.
    public static func start(
        configuration: FruitBasketServerConfiguration,
        database: any CatalogueDatabase
    ) async throws -> RunningFruitBasketServer {
        let server = try await FruitBasketServer(configuration: configuration, database: database)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task {
            defer { continuation.finish() }
            try await server.run { port in continuation.yield(port) }
        }
        for await port in ports {
            return RunningFruitBasketServer(server: server, port: port, task: task)
        }
        try await task.value
        throw APIErrorBody(.unavailable, "The server stopped before it listened.")
    }
}

/// Lets the catalogue's commit hook reach the notifier created after it.
private final class NotifierBox: Sendable {
    let notifier = Mutex<ChangeNotifier?>(nil)

    func publish(_ sequence: Int64) {
        guard let notifier = notifier.withLock({ $0 }) else { return }
        Task { await notifier.publish(sequence) }
    }
}
