import FileProviderKit
import Synchronization

/// Failures injected into an ``S3Client``: every request passes ``admit(_:)`` first, so a test can
/// make the backend fail at the N-th request of an operation — a folder move cut off halfway.
public final class RequestFaults: Sendable {
    private let remaining: Mutex<Int?>
    private let admitted: Mutex<Int>

    /// No failure injected.
    public init() {
        remaining = Mutex(nil)
        admitted = Mutex(0)
    }

    /// The number of requests let through so far.
    public var requestCount: Int { admitted.withLock { $0 } }

    /// Lets the next `count` requests through and fails every one after them with
    /// `serverUnreachable`, until ``clear()``.
    public func failAfter(_ count: Int) {
        remaining.withLock { $0 = max(0, count) }
    }

    /// Lets every request through again.
    public func clear() {
        remaining.withLock { $0 = nil }
    }

    /// Admits a request, or fails it.
    ///
    /// - Throws: `serverUnreachable` once the budget set by ``failAfter(_:)`` is spent.
    func admit(_ description: String) throws(FileProviderError) {
        try remaining.withLock { remaining throws(FileProviderError) in
            guard let left = remaining else {
                admitted.withLock { $0 += 1 }
                return
            }
            guard left > 0 else {
                throw FileProviderError(.serverUnreachable, message: "Injected failure: \(description) was refused.")
            }
            remaining = left - 1
            admitted.withLock { $0 += 1 }
        }
    }
}
