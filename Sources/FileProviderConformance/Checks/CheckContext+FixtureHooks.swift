import FileProviderKit

/// The optional hooks of a fixture that change the subject's store or its reachability.
struct FixtureHooks: Sendable {
    let resetStore: (@Sendable () async throws -> Void)?
    let expireHistory: (@Sendable () async throws -> Void)?
    let setReachable: (@Sendable (Bool) async throws -> Void)?
    let failRequest: (@Sendable (Int?) async throws -> Void)?
    let setQuota: (@Sendable (Int64?) async throws -> Void)?
    let setAuthenticated: (@Sendable (Bool) async throws -> Void)?
    let settle: (@Sendable () async throws -> Void)?

    init(_ fixture: ProviderFixture) {
        resetStore = fixture.resetStore
        expireHistory = fixture.expireHistory
        setReachable = fixture.setReachable
        failRequest = fixture.failRequest
        setQuota = fixture.setQuota
        setAuthenticated = fixture.setAuthenticated
        settle = fixture.settle
    }
}

/// The fixture hooks, noted in the trail; each stops the check when the subject declares its
/// capability but the fixture lacks the hook.
extension CheckContext {
    /// Resets the store's epoch through the fixture.
    func resetStore() async throws {
        try await run(fixtureHooks.resetStore, declared: "storeResets", "reset the store's epoch")
    }

    /// Drops the change history recorded so far through the fixture.
    func expireHistory() async throws {
        try await run(fixtureHooks.expireHistory, declared: "historyExpiry", "drop the change history recorded so far")
    }

    /// Makes the server unreachable or reachable again through the fixture.
    func setReachable(_ reachable: Bool) async throws {
        try await run(
            fixtureHooks.setReachable,
            with: reachable,
            declared: "unreachableServer",
            reachable ? "make the server reachable again" : "make the server unreachable"
        )
    }

    /// Arms a failure of the `number`-th backend request from now on (`nil` disarms it) through
    /// the fixture.
    func failRequest(_ number: Int?) async throws {
        try await run(
            fixtureHooks.failRequest,
            with: number,
            declared: "requestFailures",
            number.map { "make backend request \($0) from now on fail" } ?? "disarm the request failure"
        )
    }

    /// Leaves the account room for `remainingBytes` more bytes (`nil` lifts the limit) through the
    /// fixture.
    func setQuota(_ remainingBytes: Int64?) async throws {
        try await run(
            fixtureHooks.setQuota,
            with: remainingBytes,
            declared: "quotaLimits",
            remainingBytes.map { "leave the account room for \($0) more bytes" } ?? "lift the account's quota"
        )
    }

    /// Makes the account's credentials invalid or valid again through the fixture.
    func setAuthenticated(_ authenticated: Bool) async throws {
        try await run(
            fixtureHooks.setAuthenticated,
            with: authenticated,
            declared: "expiringCredentials",
            authenticated ? "make the account's credentials valid again" : "make the account's credentials invalid"
        )
    }

    /// Waits, through the fixture's optional hook, until the writes that returned are visible;
    /// does nothing when the fixture has none.
    func settle() async throws {
        guard let settle = fixtureHooks.settle else { return }
        note("settle the backend")
        try await settle()
    }

    private func run(
        _ hook: (@Sendable () async throws -> Void)?,
        declared capability: String,
        _ operation: String
    ) async throws {
        try await run(
            hook.map { hook in { @Sendable (_: Void) in try await hook() } },
            with: (),
            declared: capability,
            operation
        )
    }

    private func run<Value>(
        _ hook: (@Sendable (Value) async throws -> Void)?,
        with value: Value,
        declared capability: String,
        _ operation: String
    ) async throws {
        let hook = try require(hook, "the subject declares \(capability) but its fixture has no hook to \(operation)")
        note(operation)
        try await hook(value)
    }
}
