import FileProviderKit
import Foundation

/// The system's side of the File Provider contract: drives one provider's domain as Apple's
/// daemon would, and keeps a replica of it.
///
/// A host
/// - keeps a ``Replica`` of the domain: it fetches the working set's anchor, lists the working set
///   page by page to the end, then enumerates changes from the anchor until `moreComing` is false
///   (``synchronize()``). An expired anchor drops the anchor and lists again; an expired page
///   restarts the listing.
/// - catches up when the provider signals the working set (``signalEnumerator(for:)``); a burst
///   of signals coalesces into one catch-up.
/// - sends local changes and downloads (``submit(_:)``) through a queue that applies each result
///   to the replica, resends the fields the provider left pending, retries transient errors with
///   capped exponential back-off (``RetryPolicy``), and parks work that failed with a resolvable
///   code until ``signalErrorResolved(_:)`` (see ``ErrorDisposition``). Fetched content goes to a
///   cache folder the host owns, which evicts the least recently used content beyond its budget.
/// - checks every enumeration call against the observer contract and records what it sees in
///   its ``ContractMonitor``.
///
/// Work runs on its own after ``start()`` under ``HostConfiguration/Scheduling/automatic(maximumConcurrentOperations:)``,
/// or only when a test asks under ``HostConfiguration/Scheduling/manual`` (``runnableOperations``,
/// ``run(_:)``, ``synchronize()``). Back-off is measured by the clock the host was created with,
/// so a test clock makes retries deterministic. ``stop()`` cancels in-flight work and leaves the
/// replica as the last applied result left it: results are applied whole or not at all.
///
/// The host calls the provider as the system does: a fresh enumerator for every listing and
/// every change batch (so continuation state must live in anchors), a fresh `Request` per call,
/// never two synchronizations at once (the working set has a single consumer), and never two
/// operations on one item at once under automatic scheduling.
public actor ProviderHost {
    /// The provider the host drives. The host never invalidates it: its creator owns it.
    public nonisolated let provider: any FileProvider
    /// How the host drives the provider.
    public nonisolated let configuration: HostConfiguration
    /// Where the host records the contract violations it sees.
    public nonisolated let monitor: ContractMonitor

    /// The host's copy of the domain. Reading it copies the value, which is O(1) until the host
    /// next changes it and then costs a copy of the indexes; prefer ``item(_:)`` and
    /// ``children(of:)`` for large domains.
    public internal(set) var replica = Replica()
    /// Where synchronization stands.
    public internal(set) var syncStatus = SyncStatus.idle
    /// The error that ended the last synchronization, or `nil` when it succeeded.
    public internal(set) var lastSyncError: (any Error)?
    /// How many synchronizations completed successfully.
    public internal(set) var synchronizationCount = 0

    let clock: HostClock
    var contentCache: ContentCache

    var catchUpRequested = true
    var syncRunning = false
    var syncSlotWaiters: [CheckedContinuation<Void, Never>] = []
    var syncFailures = 0

    var records: [OperationID: OperationRecord] = [:]
    var lastOperationNumber = 0
    var waitingOperations: Set<OperationID> = []
    var runningOperations: Set<OperationID> = []
    var retryDeadlines: [OperationID: Duration] = [:]
    var queuesByItem: [ItemIdentifier: [OperationID]] = [:]
    /// Folders a modification returned no item for while they still had children in the replica:
    /// each is removed once its last child has left.
    var foldersLeavingDomain: Set<ItemIdentifier> = []

    /// Whether ``start()`` was called.
    public internal(set) var isStarted = false
    /// Whether ``stop()`` was called.
    public internal(set) var isStopped = false
    var tasks: [Int: TrackedTask] = [:]
    var lastTaskKey = 0
    var idleWaiters: [Int: CheckedContinuation<Void, any Error>] = [:]

    /// Creates a host for `provider` whose back-off is measured by `clock`. Nothing runs until
    /// ``start()`` (automatic scheduling) or a call that runs work (manual scheduling).
    ///
    /// - Throws: the file system's error when the content cache folder cannot be created in
    ///   ``HostConfiguration/contentCacheParent``.
    public init<C: Clock>(
        provider: any FileProvider,
        configuration: HostConfiguration = HostConfiguration(),
        monitor: ContractMonitor = ContractMonitor(),
        clock: C
    ) throws where C.Duration == Duration {
        self.provider = provider
        self.configuration = configuration
        self.monitor = monitor
        self.clock = HostClock(clock)
        self.contentCache = try ContentCache(
            in: configuration.contentCacheParent,
            capacity: configuration.contentCacheCapacity
        )
    }

    /// Creates a host for `provider` whose back-off is measured by the continuous clock.
    ///
    /// - Throws: the file system's error when the content cache folder cannot be created.
    public init(
        provider: any FileProvider,
        configuration: HostConfiguration = HostConfiguration(),
        monitor: ContractMonitor = ContractMonitor()
    ) throws {
        try self.init(provider: provider, configuration: configuration, monitor: monitor, clock: ContinuousClock())
    }

    deinit {
        contentCache.removeFolder()
    }

    /// Starts automatic scheduling: the initial synchronization, then whatever is due. Under
    /// manual scheduling nothing runs on its own, so starting changes nothing. Starting a stopped
    /// or started host does nothing.
    public func start() {
        guard !isStopped else { return }
        isStarted = true
        schedule()
    }

    /// Stops the host: cancels in-flight provider calls and waits until they have ended, then
    /// marks every operation that is not final as ``OperationState/cancelled`` and removes the
    /// content cache folder. Results that arrived before a call ended are applied; the replica
    /// is left consistent. Later calls that would run work throw ``HostError/stopped``.
    ///
    /// Returns once every provider call the host made has returned, which the provider contract
    /// requires to happen promptly after cancellation.
    public func stop() async {
        guard !isStopped else { return }
        isStopped = true
        let waiters = syncSlotWaiters
        syncSlotWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
        while !tasks.isEmpty {
            let running = Array(tasks.values)
            for task in running { task.cancel() }
            for task in running { await task.wait() }
        }
        for id in records.keys where records[id]?.state.isFinal == false {
            transition(id, to: .cancelled)
        }
        syncStatus = .stopped
        contentCache.removeFolder()
        resumeIdleWaiters(with: .success(()))
    }

    /// The item with `identifier` in the replica, or `nil`.
    public func item(_ identifier: ItemIdentifier) -> ItemSnapshot? {
        replica.item(identifier)
    }

    /// The items of the replica whose parent is `parent`, sorted by identifier.
    public func children(of parent: ItemIdentifier) -> [ItemSnapshot] {
        replica.children(of: parent)
    }

    /// The folder of the content cache, which the host created and removes when stopped.
    public var contentCacheFolder: URL { contentCache.folder }

    /// The bytes of content the cache holds.
    public var contentCacheByteCount: Int64 { contentCache.byteCount }

    /// The cached content of `identifier` at the replica's content version, marking it as just
    /// used; `nil` when the cache does not hold it (never fetched, evicted, or out of date).
    public func cachedContents(of identifier: ItemIdentifier) -> URL? {
        contentCache.contents(of: identifier)
    }

    /// Removes the cached content of `identifier`, if any.
    public func evictContents(of identifier: ItemIdentifier) {
        contentCache.evict(identifier)
    }

    func ensureRunning() throws(HostError) {
        if isStopped { throw .stopped }
    }
}
