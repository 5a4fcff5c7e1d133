/// Runs the provider's operations one at a time, in arrival order, across their suspension
/// points: an actor alone would let a second creation check for a collision while the first one
/// awaits S3.
actor OperationGate {
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` once every operation that arrived before has finished.
    func run<Result: Sendable>(_ body: @Sendable () async throws -> Result) async throws -> Result {
        if busy {
            await withCheckedContinuation { waiters.append($0) }
        } else {
            busy = true
        }
        defer {
            if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
        }
        return try await body()
    }
}
