/// How a host retries work that failed with a transient error: capped exponential back-off,
/// without jitter so that runs are reproducible.
///
/// After *n* consecutive failed attempts (from 1) the work waits `min(initialDelay ×
/// multiplier^(n−1), maximumDelay)` before it may run again; an operation fails for good after
/// ``maximumAttempts`` consecutive failures.
public struct RetryPolicy: Sendable, Hashable {
    /// The wait after the first failed attempt.
    public var initialDelay: Duration
    /// The factor between consecutive waits; at least 1.
    public var multiplier: Int
    /// The longest wait.
    public var maximumDelay: Duration
    /// How many consecutive failed attempts end an operation, or `nil` to retry forever. A
    /// synchronization is always retried.
    public var maximumAttempts: Int?

    /// Creates a policy. By default: 1 s, doubling, capped at 60 s, 10 attempts.
    public init(
        initialDelay: Duration = .seconds(1),
        multiplier: Int = 2,
        maximumDelay: Duration = .seconds(60),
        maximumAttempts: Int? = 10
    ) {
        self.initialDelay = initialDelay
        self.multiplier = max(1, multiplier)
        self.maximumDelay = maximumDelay
        self.maximumAttempts = maximumAttempts
    }

    /// Retries at once, forever: for tests that inject transient errors and care only about the
    /// outcome.
    public static let immediate = RetryPolicy(initialDelay: .zero, maximumDelay: .zero, maximumAttempts: nil)

    /// The wait after `failures` consecutive failed attempts (from 1). Any policy and any count
    /// give an answer without overflowing: a wait that would pass ``maximumDelay`` is
    /// ``maximumDelay``.
    public func delay(afterFailures failures: Int) -> Duration {
        guard initialDelay < maximumDelay else { return maximumDelay }
        guard multiplier > 1, initialDelay > .zero else { return initialDelay }
        var delay = initialDelay
        for _ in 1..<max(1, failures) {
            // Multiplying would reach the cap (checked by dividing, which cannot overflow).
            guard delay < maximumDelay / multiplier else { return maximumDelay }
            delay *= multiplier
        }
        return delay
    }

    /// Whether an operation may run again after `failures` consecutive failed attempts.
    public func allowsRetry(afterFailures failures: Int) -> Bool {
        maximumAttempts.map { failures < $0 } ?? true
    }
}
