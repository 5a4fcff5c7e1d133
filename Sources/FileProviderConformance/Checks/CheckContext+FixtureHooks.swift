import FileProviderKit

/// The optional hooks of a fixture that change the subject's store or its reachability.
struct FixtureHooks: Sendable {
    let resetStore: (@Sendable () async throws -> Void)?
    let expireHistory: (@Sendable () async throws -> Void)?
    let setReachable: (@Sendable (Bool) async throws -> Void)?
    let failRequest: (@Sendable (Int?) async throws -> Void)?
    let settle: (@Sendable () async throws -> Void)?

    init(_ fixture: ProviderFixture) {
        resetStore = fixture.resetStore
        expireHistory = fixture.expireHistory
        setReachable = fixture.setReachable
        failRequest = fixture.failRequest
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
        let hook = fixtureHooks.setReachable.map { hook in { @Sendable in try await hook(reachable) } }
        try await run(
            hook,
            declared: "unreachableServer",
            reachable ? "make the server reachable again" : "make the server unreachable"
        )
    }

    /// Arms a failure of the `number`-th backend request from now on (`nil` disarms it) through
    /// the fixture.
    func failRequest(_ number: Int?) async throws {
        let hook = fixtureHooks.failRequest.map { hook in { @Sendable in try await hook(number) } }
        try await run(
            hook,
            declared: "requestFailures",
            number.map { "make backend request \($0) from now on fail" } ?? "disarm the request failure"
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
        let hook = try require(hook, "the subject declares \(capability) but its fixture has no hook to \(operation)")
        note(operation)
        try await hook()
    }
}
