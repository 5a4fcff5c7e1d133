import Foundation

/// A value guarded by a lock, for the package's modules.
///
/// It plays the role of `Synchronization.Mutex`, but locks with `NSLock` (a pthread mutex), which
/// ThreadSanitizer understands: on Linux, `Mutex` locks with a bare futex that ThreadSanitizer
/// cannot see, so every value it guards is reported as racing and a sanitized test run fails.
/// The value is only reached inside ``withLock(_:)``, so sharing the box between threads is safe.
package final class LockedValue<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    /// Creates a box holding `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
