import Dispatch
import Synchronization

/// Runs async code from libFuzzer's synchronous callback: the body runs in a detached task and
/// the calling thread — libFuzzer's, never one of the concurrency pool's — waits for it.
public enum Blocking {
    /// Runs `body` to completion and returns its result, blocking the calling thread.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let result = await body()
            box.value.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        guard let value = box.value.withLock({ $0 }) else { fatalError("the fuzzed task ended without a result") }
        return value
    }
}

private final class ResultBox<T: Sendable>: Sendable {
    let value = Mutex<T?>(nil)
}
