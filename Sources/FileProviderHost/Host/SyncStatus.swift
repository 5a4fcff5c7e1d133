import FileProviderKit

/// Where a host's synchronization with the working set stands.
public enum SyncStatus: Sendable, Hashable {
    /// Nothing is running: the replica is as up to date as the last synchronization left it.
    case idle
    /// A synchronization is running.
    case running
    /// The last `failures` synchronizations failed with transient errors; automatic scheduling
    /// tries again `delay` after the last failure.
    case waitingToRetry(failures: Int, delay: Duration)
    /// The provider failed it with a resolvable code; it waits until that code is resolved.
    case parked(FileProviderError.Code)
    /// It ended in an error that retrying cannot fix (a contract violation, a definitive
    /// error); the next signal tries again.
    case failed
    /// The host was stopped.
    case stopped
}
