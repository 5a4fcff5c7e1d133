import FileProviderKit

/// The optional hooks of a fixture that change the subject's store or its reachability.
struct FixtureHooks: Sendable {
    let resetStore: (@Sendable () async throws -> Void)?
    let expireHistory: (@Sendable () async throws -> Void)?
    let setReachable: (@Sendable (Bool) async throws -> Void)?

    init(_ fixture: ProviderFixture) {
        resetStore = fixture.resetStore
        expireHistory = fixture.expireHistory
        setReachable = fixture.setReachable
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
