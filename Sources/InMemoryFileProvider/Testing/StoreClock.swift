import Foundation

/// The time source of an ``InMemoryStore``: the dates it stamps on items and the waiting its
/// added latency does.
///
/// Inject a ``ManualStoreClock`` so that a test neither sleeps nor depends on the wall clock, and
/// a seeded run stamps the same dates every time; the default is ``SystemStoreClock``.
public protocol StoreClock: Sendable {
    /// The current date.
    func now() -> Date

    /// Waits for `duration`.
    ///
    /// - Throws: `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}
