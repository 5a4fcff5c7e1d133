/// A barrier a fake provider call waits at until the test opens it, or until the waiting task is
/// cancelled. The test learns that a call arrived through ``arrivals``.
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
        var cancelled: Set<Int> = []
        var lastKey = 0
    }

    private let state = Locked(State())
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
        let key = state.withLock { state in
            state.lastKey += 1
            return state.lastKey
        }
        arrivalsContinuation.yield()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if state.cancelled.remove(key) != nil { return .failure(CancellationError()) }
                    if state.isOpen { return .success(()) }
                    state.waiters[key] = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                let waiter = state.waiters.removeValue(forKey: key)
                if waiter == nil { state.cancelled.insert(key) }
                return waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Opens the gate for every waiting and future call.
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }
}
