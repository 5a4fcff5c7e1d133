import Foundation
import Synchronization

/// Runs async work to completion from synchronous setup code.
public func runBlocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let result = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await work()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return result.withLock { $0! }
}
