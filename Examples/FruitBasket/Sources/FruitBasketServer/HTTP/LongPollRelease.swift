import ServiceLifecycle

/// The service, last in the server's group so that a graceful shutdown reaches it first, that
/// closes the change notifier as soon as the shutdown begins: the long polls in flight answer
/// then, instead of holding the shutdown until their timeout (up to 60 s) while clients poll on.
struct LongPollRelease: Service {
    let notifier: ChangeNotifier

    /// Waits for the graceful shutdown (or cancellation), then closes the notifier.
    func run() async throws {
        try? await gracefulShutdown()
        await notifier.close()
    }
}
