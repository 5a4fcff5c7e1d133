import ServiceLifecycle

/// The service that hands the database's commit announcements (see
/// ``CatalogueDatabase/commitAnnouncements()``) to the change notifier, so a long poll wakes as
/// soon as another process sharing the database commits, not at the notifier's next poll.
struct CommitAnnouncementWatcher: Service {
    let announcements: AsyncStream<Void>
    let notifier: ChangeNotifier

    /// Forwards announcements until the graceful shutdown or cancellation.
    func run() async throws {
        for await _ in announcements.cancelOnGracefulShutdown() {
            await notifier.commitAnnounced()
        }
    }
}
