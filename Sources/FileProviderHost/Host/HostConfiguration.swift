import Foundation

/// How a ``ProviderHost`` drives its provider.
public struct HostConfiguration: Sendable {
    /// Who decides when work runs.
    public enum Scheduling: Sendable, Hashable {
        /// The host runs work on its own once started: a catch-up after each signal (bursts
        /// coalesce), up to `maximumConcurrentOperations` operations at a time (never two on one
        /// item, and each item's operations in submission order), retries when their back-off
        /// elapses by the host's clock.
        case automatic(maximumConcurrentOperations: Int)
        /// Nothing runs on its own: a test lists the pending work and runs it one step at a time
        /// in the order it chooses, the equivalent of Apple's interactive testing mode. Back-off
        /// is still measured by the host's clock, which the test advances.
        case manual
    }

    /// Who decides when work runs. Default: automatic, 4 operations at a time.
    public var scheduling: Scheduling
    /// The page size the host suggests when it lists items. Default: 200.
    public var suggestedPageSize: Int
    /// The batch size the host suggests when it enumerates changes. Default: 200.
    public var suggestedBatchSize: Int
    /// How failed operations and synchronizations are retried.
    public var retryPolicy: RetryPolicy
    /// How many times one synchronization restarts a listing after an expired page, or lists
    /// again after an expired anchor, before it gives up with the expiry error (and is retried
    /// later). Default: 3.
    public var maximumRestarts: Int
    /// The folder in which the host creates its content cache folder. Default: the temporary
    /// directory.
    public var contentCacheParent: URL
    /// The bytes of fetched content the host keeps before it evicts the least recently used.
    /// Default: 256 MiB.
    public var contentCacheCapacity: Int64

    /// Creates a configuration; every parameter has the default documented on its property.
    public init(
        scheduling: Scheduling = .automatic(maximumConcurrentOperations: 4),
        suggestedPageSize: Int = 200,
        suggestedBatchSize: Int = 200,
        retryPolicy: RetryPolicy = RetryPolicy(),
        maximumRestarts: Int = 3,
        contentCacheParent: URL = FileManager.default.temporaryDirectory,
        contentCacheCapacity: Int64 = 256 << 20
    ) {
        self.scheduling = scheduling
        self.suggestedPageSize = max(1, suggestedPageSize)
        self.suggestedBatchSize = max(1, suggestedBatchSize)
        self.retryPolicy = retryPolicy
        self.maximumRestarts = max(0, maximumRestarts)
        self.contentCacheParent = contentCacheParent
        self.contentCacheCapacity = max(0, contentCacheCapacity)
    }
}
