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
        let hook = try require(
            fixtureHooks.resetStore,
            "the subject declares storeResets but its fixture has no resetStore hook"
        )
        note("reset the store's epoch")
        try await hook()
    }

    /// Drops the change history recorded so far through the fixture.
    func expireHistory() async throws {
        let hook = try require(
            fixtureHooks.expireHistory,
            "the subject declares historyExpiry but its fixture has no expireHistory hook"
        )
        note("drop the change history recorded so far")
        try await hook()
    }

    /// Makes the server unreachable or reachable again through the fixture.
    func setReachable(_ reachable: Bool) async throws {
        let hook = try require(
            fixtureHooks.setReachable,
            "the subject declares unreachableServer but its fixture has no setReachable hook"
        )
        note(reachable ? "make the server reachable again" : "make the server unreachable")
        try await hook(reachable)
    }
}
