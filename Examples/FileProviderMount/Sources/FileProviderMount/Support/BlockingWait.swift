import Dispatch
import Synchronization

/// Runs `body` in a task and blocks the calling thread until it ends.
///
/// Only for threads outside Swift concurrency — libfuse's workers — which must answer the kernel
/// synchronously; never call it from a task.
func blockingWait<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await body()
        box.value.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return box.value.withLock { value in
        guard let value else { preconditionFailure("the task signalled before storing its result") }
        return value
    }
}

private final class ResultBox<T: Sendable>: Sendable {
    let value = Mutex<T?>(nil)
}
