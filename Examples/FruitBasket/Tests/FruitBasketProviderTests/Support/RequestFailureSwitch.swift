import FruitBasketServer
import Synchronization

/// The conformance fixture's `failRequest` hook for a ``LoopbackServer``: armed with `n`, the
/// server answers the n-th request it receives from then on 503 `unavailable` (unrouted, so it
/// changes nothing), and routes every other request as usual.
final class RequestFailureSwitch: Sendable {
    /// How many requests remain before the one to refuse; `nil` when disarmed.
    private let remaining = Mutex<Int?>(nil)

    /// Refuses the `number`-th request from now (1 is the next one); `nil` disarms.
    func arm(_ number: Int?) {
        remaining.withLock { $0 = number.map { max(1, $0) } }
    }

    /// The server hooks that count requests and refuse the armed one.
    var hooks: FruitBasketRequestHooks {
        FruitBasketRequestHooks(refuses: { _, _ in
            self.remaining.withLock { remaining in
                guard let count = remaining else { return false }
                if count == 1 {
                    remaining = nil
                    return true
                }
                remaining = count - 1
                return false
            }
        })
    }
}
