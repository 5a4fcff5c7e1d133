/// A first-come, first-served lock for async code: ``withLock(_:)`` runs bodies one at a time, in
/// the order they asked, without blocking a thread while they wait.
actor AsyncSerialQueue {
    private var isLocked = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` once every earlier body has finished, and returns what it returns.
    func withLock<Result: Sendable>(
        _ body: @Sendable () async throws -> Result
    ) async throws -> Result {
        await acquire()
        defer { release() }
        try Task.checkCancellation()
        return try await body()
    }

    private func acquire() async {
        if !isLocked {
            isLocked = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        if waiters.isEmpty {
            isLocked = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
