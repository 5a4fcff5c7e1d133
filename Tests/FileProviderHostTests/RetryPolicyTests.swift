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
}
