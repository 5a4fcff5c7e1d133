import Dispatch
import Synchronization

/// A value that changes over time and that callers wait on, with a deadline, from async code or
/// from a blocking thread.
///
/// Every waiter names what it waits for as a function of the state that returns non-`nil` once
/// the state satisfies it; it is resumed exactly once, with that result, or with `nil` at its
/// deadline.
final class ObservedState<State: Sendable>: Sendable {
    private struct Waiter {
        let isSatisfied: @Sendable (State) -> Bool
        let resume: @Sendable (State?) -> Void
    }

    private struct Storage {
        var state: State
        var waiters: [UInt64: Waiter] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let storage: Mutex<Storage>

    init(_ initial: State) {
        storage = Mutex(Storage(state: initial))
    }

    /// Runs `body` on the current state under the lock, so that no update happens meanwhile.
    func withCurrent<Result>(_ body: (State) -> Result) -> Result {
        storage.withLock { body($0.state) }
    }

    /// Changes the state under the lock and resumes the waiters it now satisfies.
    func update(_ change: (inout State) -> Void) {
        let (ready, state): ([Waiter], State) = storage.withLock { storage in
            change(&storage.state)
            let satisfied = storage.waiters.filter { $0.value.isSatisfied(storage.state) }
            for key in satisfied.keys { storage.waiters[key] = nil }
            return (Array(satisfied.values), storage.state)
        }
        for waiter in ready { waiter.resume(state) }
    }

    /// Waits until `extract` returns a value for the state, at most `timeout`; `nil` at the deadline
    /// or as soon as the task is cancelled.
    func wait<Value: Sendable>(
        timeout: Duration,
        until extract: @escaping @Sendable (State) -> Value?
    ) async -> Value? {
        let registered = Mutex<UInt64?>(nil)
        let timer = Mutex<Task<Void, Never>?>(nil)
        let value = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                let waiter = register(until: extract) { continuation.resume(returning: $0) }
                registered.withLock { $0 = waiter }
                if Task.isCancelled { expire(waiter) }
                timer.withLock {
                    $0 = Task { [weak self] in
                        guard (try? await Task.sleep(for: timeout)) != nil else { return }
                        self?.expire(waiter)
                    }
                }
            }
        } onCancel: {
            if let waiter = registered.withLock({ $0 }) { expire(waiter) }
        }
        timer.withLock { $0?.cancel() }
        return value
    }

    /// Blocks the calling thread until `extract` returns a value for the state, at most
    /// `timeout`; `nil` at the deadline. Never call it from a task on the cooperative pool.
    func blockingWait<Value: Sendable>(
        timeout: Duration,
        until extract: @escaping @Sendable (State) -> Value?
    ) -> Value? {
        let resumed = DispatchSemaphore(value: 0)
        let result = Mutex<Value?>(nil)
        let waiter = register(until: extract) { value in
            result.withLock { $0 = value }
            resumed.signal()
        }
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        if resumed.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut {
            expire(waiter)
            resumed.wait()
        }
        return result.withLock { $0 }
    }

    /// Adds a waiter, or resumes it at once when the state already satisfies it.
    private func register<Value: Sendable>(
        until extract: @escaping @Sendable (State) -> Value?,
        resume: @escaping @Sendable (Value?) -> Void
    ) -> UInt64 {
        let waiter = Waiter(isSatisfied: { extract($0) != nil }, resume: { resume($0.flatMap(extract)) })
        let (key, satisfiedBy): (UInt64, State?) = storage.withLock { storage in
            let key = storage.nextWaiter
            storage.nextWaiter += 1
            if waiter.isSatisfied(storage.state) { return (key, storage.state) }
            storage.waiters[key] = waiter
            return (key, nil)
        }
        if let satisfiedBy { waiter.resume(satisfiedBy) }
        return key
    }

    /// Resumes the waiter `key` with `nil` if it still waits.
    private func expire(_ key: UInt64) {
        let waiter = storage.withLock { $0.waiters.removeValue(forKey: key) }
        waiter?.resume(nil)
    }
}
