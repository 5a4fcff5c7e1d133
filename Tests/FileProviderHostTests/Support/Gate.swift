/// A barrier a fake provider call waits at until the test opens it, or until the waiting task is
/// cancelled. The test learns that a call arrived through ``arrivals``.
///
/// It is a ``ManualClock`` in disguise: passing sleeps until one second, opening advances the
/// clock by one second.
final class Gate: Sendable {
    private let clock = ManualClock()
    private let arrivalsContinuation: AsyncStream<Void>.Continuation

    /// One element per call that reached the gate.
    let arrivals: AsyncStream<Void>

    init() {
        (arrivals, arrivalsContinuation) = AsyncStream.makeStream()
    }

    /// Waits until the gate opens.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    func pass() async throws {
        arrivalsContinuation.yield()
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1)), tolerance: nil)
    }

    /// Opens the gate for every waiting and future call.
    func open() {
        clock.advance(by: .seconds(1))
    }
}
