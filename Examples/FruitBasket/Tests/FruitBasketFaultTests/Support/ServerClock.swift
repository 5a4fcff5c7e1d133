import Foundation
import Synchronization

/// The time an in-process server sees, moved only by the test.
final class ServerClock: Sendable {
    private let elapsed = Mutex<Double>(0)
    private let origin = Date(timeIntervalSince1970: 1_900_000_000)

    /// Moves the time `seconds` forward.
    func advance(by seconds: Double) {
        elapsed.withLock { $0 += seconds }
    }

    /// The clock as a server configuration takes it.
    var reading: @Sendable () -> Date {
        { [self] in origin.addingTimeInterval(elapsed.withLock { $0 }) }
    }
}
