import Foundation
import Synchronization

/// A clock tests move by hand, so token expiry is deterministic.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))

    /// The time now.
    var now: Date { current.withLock { $0 } }

    /// Moves the clock forward.
    func advance(by seconds: Double) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// The clock as a configuration takes it.
    var function: @Sendable () -> Date { { [self] in now } }
}
