import FileProviderHost
import Testing

@Suite("RetryPolicy")
struct RetryPolicyTests {
    @Test("delays grow exponentially up to the cap; attempts run out after the maximum")
    func cappedExponentialBackOff() {
        let policy = RetryPolicy(
            initialDelay: .seconds(1),
            multiplier: 3,
            maximumDelay: .seconds(10),
            maximumAttempts: 4
        )
        #expect(
            (1...5).map { policy.delay(afterFailures: $0) } == [
                .seconds(1), .seconds(3), .seconds(9), .seconds(10), .seconds(10),
            ]
        )
        #expect(policy.allowsRetry(afterFailures: 3))
        #expect(!policy.allowsRetry(afterFailures: 4))
        #expect(RetryPolicy.immediate.delay(afterFailures: 50) == .zero)
        #expect(RetryPolicy.immediate.allowsRetry(afterFailures: 1_000))
    }

    @Test("extreme policies and counts give the cap without overflowing or looping per failure")
    func extremePoliciesNeverOverflow() {
        let largest = Duration.seconds(Int64.max)
        let huge = RetryPolicy(initialDelay: .seconds(Int64.max / 2), multiplier: .max, maximumDelay: largest)
        #expect(huge.delay(afterFailures: 1) == .seconds(Int64.max / 2))
        #expect(huge.delay(afterFailures: 2) == largest)
        #expect(huge.delay(afterFailures: .max) == largest)
        let doubling = RetryPolicy(initialDelay: .nanoseconds(1), multiplier: 2, maximumDelay: largest)
        #expect(doubling.delay(afterFailures: .max) == largest)
        let flat = RetryPolicy(initialDelay: .seconds(2), multiplier: 1, maximumDelay: .seconds(60))
        #expect(flat.delay(afterFailures: .max) == .seconds(2))
        let capped = RetryPolicy(initialDelay: .seconds(90), multiplier: 2, maximumDelay: .seconds(60))
        #expect(capped.delay(afterFailures: 1) == .seconds(60))
    }
}
