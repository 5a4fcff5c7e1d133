import FileProviderKit

/// One fresh provider for one check, made by a ``ConformanceSubject``'s factory.
///
/// The provider starts with an empty root when the subject declares ``ProviderCapabilities/writing``;
/// a read-only subject's provider starts with whatever tree it serves (at least one file and one
/// folder, so the read checks have something to read).
public struct ProviderFixture: Sendable {
    /// The provider under test.
    public var provider: any FileProvider
    /// The hooks that change the server as another client would; required when the subject
    /// declares ``ProviderCapabilities/remoteChanges``.
    public var remote: (any RemoteChangeHooks)?
    /// Opens a second provider instance over the same store, as after a restart of the process;
    /// required when the subject declares ``ProviderCapabilities/freshInstances``.
    public var openAnotherInstance: (@Sendable () async throws -> any FileProvider)?
    /// Resets the store's epoch, as a server restored from a backup or a re-created store would:
    /// the items stay, and every page and anchor handed out before must fail with
    /// `FileProviderError.Code.pageExpired` / `FileProviderError.Code.syncAnchorExpired`; required
    /// when the subject declares ``ProviderCapabilities/storeResets``.
    public var resetStore: (@Sendable () async throws -> Void)?
    /// Drops the change history recorded so far, as a server that keeps only recent history does:
    /// every anchor with changes after it must fail with `FileProviderError.Code.syncAnchorExpired`;
    /// required when the subject declares ``ProviderCapabilities/historyExpiry``.
    public var expireHistory: (@Sendable () async throws -> Void)?
    /// Makes the server unreachable (`false`) or reachable again (`true`). While it is unreachable,
    /// the provider's calls must fail with `FileProviderError.Code.serverUnreachable`; required when
    /// the subject declares ``ProviderCapabilities/unreachableServer``.
    public var setReachable: (@Sendable (_ reachable: Bool) async throws -> Void)?
    /// Arms a failure *inside* the provider's next operation, as a backend that drops one request
    /// of several would: the `number`-th request the provider makes to its backend from now on
    /// (counting from 1; a call that makes no backend request counts as one) fails once, and the
    /// failure disarms itself; `nil` disarms a failure that has not fired. What a request is, is
    /// the provider's to define and document — one HTTP request, one file-system call, one chunk of
    /// an upload, one step of a rename done as copy and delete. A provider that retries a failed
    /// request counts the request and its retries as one: the armed failure fails every retry of it,
    /// as a backend that stays down would, so the operation fails (a success with request 1 armed
    /// reads as a hook that made nothing fail). The suite arms 1, 2, 3 … before the
    /// same kind of operation until one succeeds, and checks after each failure that the item is
    /// untouched or fully changed, never half. Required when the subject declares
    /// ``ProviderCapabilities/requestFailures``.
    public var failRequest: (@Sendable (_ number: Int?) async throws -> Void)?
    /// Leaves the account room for `remainingBytes` more bytes of content than it holds now, as a
    /// nearly full account would (`nil` lifts the limit). While the limit holds, a creation or a
    /// content write that needs more room must fail with
    /// `FileProviderError.Code.insufficientQuota` and change nothing, and reads keep working. How
    /// the provider counts (versions kept, conflict copies, block sizes) is its own: the suite only
    /// leaves 0 bytes and writes content. Required when the subject declares
    /// ``ProviderCapabilities/quotaLimits``.
    public var setQuota: (@Sendable (_ remainingBytes: Int64?) async throws -> Void)?
    /// Makes the account's credentials invalid (`false`), as an expired or revoked token would, or
    /// valid again (`true`). While they are invalid, every call that needs the server must fail
    /// with `FileProviderError.Code.notAuthenticated` (never `noSuchItem`, an empty listing or an
    /// expired page or anchor) and change nothing; once they are valid, every page and anchor
    /// handed out before works. Required when the subject declares
    /// ``ProviderCapabilities/expiringCredentials``.
    public var setAuthenticated: (@Sendable (_ authenticated: Bool) async throws -> Void)?
    /// Waits until every write that has returned is visible to reads, listings and change
    /// enumeration, for a provider over an eventually consistent backend; the suite calls it after
    /// a write and before it checks that the write is read back (rule 6's read-your-writes clause).
    /// Optional: without it, the suite checks at once. A provider meets the clause without it by
    /// keeping a local journal of its own writes until its backend reports them.
    public var settle: (@Sendable () async throws -> Void)?
    /// Releases what the fixture holds; called once the check ends, whatever its outcome.
    public var tearDown: @Sendable () async -> Void

    /// Creates a fixture.
    public init(
        provider: any FileProvider,
        remote: (any RemoteChangeHooks)? = nil,
        openAnotherInstance: (@Sendable () async throws -> any FileProvider)? = nil,
        resetStore: (@Sendable () async throws -> Void)? = nil,
        expireHistory: (@Sendable () async throws -> Void)? = nil,
        setReachable: (@Sendable (_ reachable: Bool) async throws -> Void)? = nil,
        failRequest: (@Sendable (_ number: Int?) async throws -> Void)? = nil,
        setQuota: (@Sendable (_ remainingBytes: Int64?) async throws -> Void)? = nil,
        setAuthenticated: (@Sendable (_ authenticated: Bool) async throws -> Void)? = nil,
        settle: (@Sendable () async throws -> Void)? = nil,
        tearDown: @escaping @Sendable () async -> Void = {}
    ) {
        self.provider = provider
        self.remote = remote
        self.openAnotherInstance = openAnotherInstance
        self.resetStore = resetStore
        self.expireHistory = expireHistory
        self.setReachable = setReachable
        self.failRequest = failRequest
        self.setQuota = setQuota
        self.setAuthenticated = setAuthenticated
        self.settle = settle
        self.tearDown = tearDown
    }
}
