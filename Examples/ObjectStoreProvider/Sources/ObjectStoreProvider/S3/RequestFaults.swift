import FileProviderKit
import Synchronization

/// Failures injected into an ``S3Client``: every request passes ``admit(_:)`` first, so a test can
/// make the backend fail at the N-th request of an operation — a folder move cut off halfway.
///
/// Two kinds of failure can be armed, each independently: every request after a budget
/// (``failAfter(_:)``, an outage that lasts), and one request, once (``failOnce(at:)``, a request
/// dropped in the middle of an operation, as the conformance suite's `failRequest` hook asks).
public final class RequestFaults: Sendable {
    private struct State {
        /// Requests let through before every later one fails; `nil` when no outage is armed.
        var budget: Int?
        /// Requests let through before the next one fails, once; `nil` when disarmed.
        var onceAfter: Int?
        /// Requests let through so far.
        var admitted = 0
    }

    private let state = Mutex(State())

    /// No failure injected.
    public init() {}

    /// The number of requests let through so far.
    public var requestCount: Int { state.withLock { $0.admitted } }

    /// Lets the next `count` requests through and fails every one after them with
    /// `serverUnreachable`, until ``clear()``.
    public func failAfter(_ count: Int) {
        state.withLock { $0.budget = max(0, count) }
    }

    /// Fails the `number`-th request from now (1 is the next one) with `serverUnreachable`, once;
    /// the failure then disarms itself. `nil` disarms a failure that has not fired.
    public func failOnce(at number: Int?) {
        state.withLock { $0.onceAfter = number.map { max(1, $0) - 1 } }
    }

    /// Lets every request through again: disarms both kinds of failure.
    public func clear() {
        state.withLock {
            $0.budget = nil
            $0.onceAfter = nil
        }
    }

    /// Admits a request, or fails it.
    ///
    /// - Throws: `serverUnreachable` once the budget set by ``failAfter(_:)`` is spent, and for the
    ///   request ``failOnce(at:)`` picked.
    func admit(_ description: String) throws(FileProviderError) {
        try state.withLock { state throws(FileProviderError) in
            if let left = state.onceAfter {
                if left == 0 {
                    state.onceAfter = nil
                    throw FileProviderError(
                        .serverUnreachable,
                        message: "Injected failure: \(description) was refused, once."
                    )
                }
                state.onceAfter = left - 1
            }
            if let left = state.budget {
                guard left > 0 else {
                    throw FileProviderError(
                        .serverUnreachable,
                        message: "Injected failure: \(description) was refused."
                    )
                }
                state.budget = left - 1
            }
            state.admitted += 1
        }
    }
}
