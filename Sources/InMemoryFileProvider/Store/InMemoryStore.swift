import FileProviderKit
import Foundation

/// The server of one domain, held in memory: the items, their content and the change log that
/// every ``InMemoryFileProvider`` over it reads and writes.
///
/// Providers are cheap views of a store: make as many as you like with ``makeProvider()``; a
/// fresh provider continues from the pages and anchors an earlier one handed out, as a restarted
/// extension must. The store is thread-safe (one mutex; no call holds it across a suspension) and
/// deterministic: with a ``ManualStoreClock`` and a fixed identifier generator (see
/// ``InMemoryStoreConfiguration``), the same calls produce the same items, versions, pages and
/// anchors, bit for bit.
///
/// Test knobs, all effective at once for every provider of the store:
/// - ``remote``: changes made on the server as if by another client; they are recorded in the
///   change log and signal the working set.
/// - ``inject(_:)`` / ``removeAllFaults()``: errors for given operations and items.
/// - ``latency``, ``quota``, ``isOffline``, ``isAuthenticated``: slowness, a full quota
///   (`FileProviderError.Code.insufficientQuota`), an unreachable server
///   (`FileProviderError.Code.serverUnreachable`), expired credentials
///   (`FileProviderError.Code.notAuthenticated`).
/// - ``resetEpoch()``: every page and anchor handed out expires.
/// - ``snapshot()``: everything the store holds, to check a call changed exactly what it should.
public final class InMemoryStore: Sendable {
    let state: LockedValue<StoreState>
    /// The store's configuration.
    public let configuration: InMemoryStoreConfiguration
    private let onSignal: @Sendable (DomainSignal) -> Void

    /// Creates an empty store for `domain`.
    ///
    /// - Parameters:
    ///   - domain: the domain the store serves; its trash support decides whether items can be trashed.
    ///   - configuration: the case rule, history retention, clock, identifiers and temporary folder.
    ///   - onSignal: called with every signal the store sends: `.enumerator(.workingSet, …)`
    ///     after each remote change and each conflict copy it creates. ``InMemoryDomainManager``
    ///     passes its ``InMemoryDomainManager/signals``; by default signals go nowhere.
    public init(
        domain: Domain,
        configuration: InMemoryStoreConfiguration = InMemoryStoreConfiguration(),
        onSignal: @escaping @Sendable (DomainSignal) -> Void = { _ in }
    ) {
        self.state = LockedValue(StoreState(domain: domain, configuration: configuration))
        self.configuration = configuration
        self.onSignal = onSignal
    }

    /// A new provider over this store.
    public func makeProvider() -> InMemoryFileProvider {
        InMemoryFileProvider(store: self)
    }

    /// The store's domain. Setting it changes its properties (for example trash support); the
    /// identifier of a store's domain never changes.
    public var domain: Domain {
        get { state.withLock { $0.domain } }
        set {
            state.withLock { state in
                var domain = newValue
                domain.identifier = state.domain.identifier
                state.domain = domain
            }
        }
    }

    /// Changes made on the server as if by another client.
    public var remote: RemoteClient { RemoteClient(store: self) }

    // MARK: Test knobs

    /// Adds a fault; see ``Fault`` for how faults match and are used up.
    public func inject(_ fault: Fault) {
        state.withLock { $0.faults.append(fault) }
    }

    /// Removes every fault.
    public func removeAllFaults() {
        state.withLock { $0.faults.removeAll() }
    }

    /// Whether every provider operation fails with `FileProviderError.Code.serverUnreachable`
    /// (enumerations finish with it). Remote changes still apply. Default: `false`.
    public var isOffline: Bool {
        get { state.withLock { $0.isOffline } }
        set { state.withLock { $0.isOffline = newValue } }
    }

    /// Whether provider operations are authenticated; when `false` they fail with
    /// `FileProviderError.Code.notAuthenticated`. Default: `true`.
    public var isAuthenticated: Bool {
        get { state.withLock { $0.isAuthenticated } }
        set { state.withLock { $0.isAuthenticated = newValue } }
    }

    /// The most bytes of content the store holds, or `nil` (the default) for no limit. A creation
    /// or modification that would exceed it fails with `FileProviderError.Code.insufficientQuota`
    /// and changes nothing; lowering it below what is stored deletes nothing.
    public var quota: Int64? {
        get { state.withLock { $0.quota } }
        set { state.withLock { $0.quota = newValue } }
    }

    /// The time every provider operation waits, on the configuration's clock, before it starts.
    /// Default: zero. With a ``ManualStoreClock`` the wait is instant and moves the clock.
    public var latency: Duration {
        get { state.withLock { $0.latency } }
        set { state.withLock { $0.latency = newValue } }
    }

    /// Makes the `number`-th internal step of the providers' operations, counted from now (from 1),
    /// fail with `FileProviderError.Code.serverUnreachable`, once, as a backend that drops one
    /// request of several would; `nil` disarms a failure that has not fired.
    ///
    /// The steps, in order: every operation makes its **request** (one step, before anything
    /// else). A creation or modification with content then **uploads** it, one step per started
    /// 64 KiB chunk (one for empty content). A modification of any other field **stages the
    /// metadata** (one step); a deletion **stages each item** it removes (one step per item, the
    /// folder and every descendant of a recursive deletion). Every write then **commits** (one
    /// step) and **acknowledges** (one step). A failure at any step up to the commit leaves the
    /// store exactly as it was; a failure of the acknowledgement leaves the change fully made,
    /// and the call throws all the same, as when a response is lost.
    public func failStep(_ number: Int?) {
        state.withLock { $0.failingStep = number }
    }

    /// The total size of the content stored, in bytes.
    public var storedByteCount: Int64 {
        state.withLock { $0.storedByteCount }
    }

    /// Bumps the store epoch and drops the change history: every page and anchor handed out
    /// before fails with `FileProviderError.Code.syncAnchorExpired` (alias `pageExpired`), and
    /// consumers list again. The items stay.
    public func resetEpoch() {
        state.withLock { $0.resetEpoch() }
    }

    /// Drops the change history recorded so far, as a server that keeps only recent history does:
    /// every anchor with changes after it fails with `FileProviderError.Code.syncAnchorExpired`,
    /// and consumers list again. The epoch, the items and the pages handed out stay valid.
    public func expireHistory() {
        state.withLock { $0.expireHistory() }
    }

    /// The store epoch that pages and anchors carry.
    public var epoch: UInt64 {
        state.withLock { $0.epoch }
    }

    /// Everything the store holds now.
    public func snapshot() -> StoreSnapshot {
        state.withLock { $0.snapshot }
    }

    /// Drops every item and the history, for a removed domain: every later operation fails with
    /// `FileProviderError.Code.providerDomainNotFound`.
    func removeAll() {
        state.withLock { $0.removeAll() }
    }

    /// Sends the signal that the working set changed.
    func signalWorkingSet() {
        onSignal(.enumerator(.workingSet, domain: domain.identifier))
    }

    // MARK: Operations

    /// What every provider operation does first: checks for cancellation, waits the latency,
    /// then fails if the domain was removed, the store is offline or unauthenticated, or a
    /// fault matches.
    ///
    /// - Throws: `CancellationError` or the `FileProviderError`.
    func begin(_ operation: Fault.Operation, _ identifiers: ItemIdentifier...) async throws {
        try Task.checkCancellation()
        let latency = state.withLock { $0.latency }
        if latency > .zero {
            try await configuration.clock.sleep(for: latency)
            try Task.checkCancellation()
        }
        try state.withLock { (state) throws(FileProviderError) in
            if state.isRemoved {
                throw FileProviderError(.providerDomainNotFound, message: "The domain was removed.")
            }
            if state.isOffline { throw FileProviderError(.serverUnreachable, message: "The server is offline.") }
            if !state.isAuthenticated {
                throw FileProviderError(.notAuthenticated, message: "The user is not authenticated.")
            }
            try state.takeStep()
            guard let index = state.faults.firstIndex(where: { $0.matches(operation, identifiers) && !$0.isUsedUp })
            else { return }
            let fault = state.faults[index]
            switch fault.repetition {
            case .always: break
            case .once, .times(...1): state.faults.remove(at: index)
            case .times(let count): state.faults[index].repetition = .times(count - 1)
            }
            throw fault.error
        }
    }

    /// Counts the internal steps of an operation (see ``failStep(_:)``) that `count` says, from
    /// the state; `count` is evaluated only when a failing step is armed.
    ///
    /// - Throws: `FileProviderError.Code.serverUnreachable` when one is the armed failing step.
    func steps(_ count: (StoreState) -> Int) throws(FileProviderError) {
        try state.withLock { (state) throws(FileProviderError) in
            guard state.failingStep != nil else { return }
            for _ in 0..<count(state) { try state.takeStep() }
        }
    }

    /// Runs a write's `body` on the state under the lock, stamping `now` from the clock, between
    /// its commit step and its acknowledgement step (see ``failStep(_:)``): a failure of the
    /// acknowledgement throws after the state changed.
    @discardableResult
    func commit<Result: Sendable>(
        _ body: (inout StoreState, Date) throws(FileProviderError) -> Result
    ) throws(FileProviderError) -> Result {
        let now = configuration.clock.now()
        return try state.withLock { (state) throws(FileProviderError) -> Result in
            try state.takeStep()
            let result = try body(&state, now)
            try state.takeStep()
            return result
        }
    }

    /// Runs `body` on the state under the lock, stamping `now` from the clock.
    @discardableResult
    func mutate<Result: Sendable>(
        _ body: (inout StoreState, Date) throws(FileProviderError) -> Result
    ) throws(FileProviderError) -> Result {
        let now = configuration.clock.now()
        return try state.withLock { (state) throws(FileProviderError) -> Result in
            try body(&state, now)
        }
    }
}
