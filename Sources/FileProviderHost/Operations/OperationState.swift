import FileProviderKit

/// Where an operation stands in a host's queue.
///
/// ``pending``, ``running`` and ``waitingToRetry(failures:delay:)`` are on their way;
/// ``parked(_:)`` waits for ``ProviderHost/signalErrorResolved(_:)``; ``succeeded``, ``failed``
/// and ``cancelled`` are final. A host keeps every operation's state until
/// ``ProviderHost/forgetFinishedOperations()``: nothing is dropped silently.
public enum OperationState: Sendable, Hashable {
    /// Ready to run: submitted, resent with the fields the provider left pending, released from
    /// a park, or its back-off elapsed.
    case pending
    /// The provider is handling it.
    case running
    /// The last `failures` attempts failed with transient errors; it becomes ready `delay` after
    /// the last failure, by the host's clock.
    case waitingToRetry(failures: Int, delay: Duration)
    /// The provider failed it with a resolvable code; it waits until that code is resolved.
    case parked(FileProviderError.Code)
    /// The provider applied it and the result is in the replica.
    case succeeded
    /// It ended in an error that retrying cannot fix, or its attempts ran out; the record's
    /// ``OperationRecord/lastError`` says why.
    case failed
    /// The host was stopped before it succeeded or failed.
    case cancelled

    /// Whether the state is final: ``succeeded``, ``failed`` or ``cancelled``.
    public var isFinal: Bool {
        switch self {
        case .succeeded, .failed, .cancelled: true
        case .pending, .running, .waitingToRetry, .parked: false
        }
    }
}
