import FileProviderKit
import Foundation

/// A clock that only moves when told: ``advance(by:)`` moves it, and ``sleep(for:)`` moves it by
/// the duration and returns at once, so added latency costs a test no real time.
public final class ManualStoreClock: StoreClock {
    private let state: LockedValue<(now: Date, slept: Duration)>

    /// Creates a clock showing `start` (by default the reference date, 2001-01-01 00:00:00 UTC).
    public init(start: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        state = LockedValue((start, .zero))
    }

    /// The clock's current date.
    public func now() -> Date {
        state.withLock { $0.now }
    }

    /// Moves the clock forward by `duration`.
    public func advance(by duration: Duration) {
        state.withLock { $0.now += duration.timeInterval }
    }

    /// The total duration callers have slept on this clock.
    public var totalSleep: Duration {
        state.withLock { $0.slept }
    }

    /// Moves the clock forward by `duration` and returns without waiting.
    ///
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        state.withLock {
            $0.now += duration.timeInterval
            $0.slept += duration
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    fileprivate var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
