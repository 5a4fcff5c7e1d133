import Foundation

/// The wall clock: `Date()` and `Task.sleep`.
public struct SystemStoreClock: StoreClock {
    /// Creates the wall clock.
    public init() {}

    /// The current wall-clock date.
    public func now() -> Date { Date() }

    /// Sleeps for `duration`.
    ///
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
