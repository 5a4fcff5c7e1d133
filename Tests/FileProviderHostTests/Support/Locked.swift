import Foundation

/// A value guarded by a lock, for the test doubles.
///
/// The doubles use `NSLock` rather than `Synchronization.Mutex` because ThreadSanitizer on Linux
/// does not see the futex-based `Mutex`'s synchronization and reports every contended access as
/// a race; `NSLock` is a pthread mutex, which it understands.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
