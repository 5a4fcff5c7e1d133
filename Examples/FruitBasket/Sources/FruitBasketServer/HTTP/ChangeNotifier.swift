/// Wakes the long polls of `GET /v1/changes/wait` when the store's sequence passes theirs.
///
/// Commits of this process are published at once (``publish(_:)``). Commits of other processes
/// sharing the database are noticed by reading the sequence when the database announces a commit
/// (``commitAnnounced()``, PostgreSQL's `NOTIFY`) and every `pollInterval` in case an announcement
/// was lost, in both cases only while at least one long poll waits.
actor ChangeNotifier {
    private struct Waiter {
        let after: Int64
        let continuation: CheckedContinuation<Void, Never>
    }

    private let readSequence: @Sendable () async -> Int64?
    private let pollInterval: Duration
    private var sequence: Int64 = 0
    private var waiters: [Int: Waiter] = [:]
    private var nextWaiter = 0
    private var poller: Task<Void, Never>?
    private var isClosed = false

    /// Creates a notifier that reads the database's sequence with `readSequence` while anyone
    /// waits, every `pollInterval`.
    init(pollInterval: Duration, readSequence: @escaping @Sendable () async -> Int64?) {
        self.pollInterval = pollInterval
        self.readSequence = readSequence
    }

    /// Records that the store reached `sequence`, waking every wait that was before it.
    func publish(_ sequence: Int64) {
        guard sequence > self.sequence else { return }
        self.sequence = sequence
        for (id, waiter) in waiters where waiter.after < sequence {
            waiters[id] = nil
            waiter.continuation.resume()
        }
    }

    /// Returns once the store's sequence is past `after` (as published), the task is cancelled,
    /// or the notifier is closed.
    func wait(after: Int64) async {
        let id = nextWaiter
        nextWaiter += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if isClosed || Task.isCancelled || sequence > after {
                    continuation.resume()
                    return
                }
                waiters[id] = Waiter(after: after, continuation: continuation)
                startPolling()
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    /// Reads the sequence and publishes it, if anyone waits: a process sharing the database
    /// committed (or may have).
    func commitAnnounced() async {
        guard !waiters.isEmpty, let sequence = await readSequence() else { return }
        publish(sequence)
    }

    /// How many waits are pending.
    var waitingCount: Int {
        waiters.count
    }

    /// Wakes every wait and refuses new ones: the server is shutting down.
    func close() {
        isClosed = true
        poller?.cancel()
        poller = nil
        for waiter in waiters.values { waiter.continuation.resume() }
        waiters = [:]
    }

    /// Accepts waits again after ``close()``: the server runs again.
    func open() {
        isClosed = false
    }

    private func cancel(_ id: Int) {
        waiters.removeValue(forKey: id)?.continuation.resume()
    }

    private func startPolling() {
        guard poller == nil else { return }
        // The first read is at once: a commit between a long poll's own read of the sequence and
        // its wait was announced while nobody waited.
        poller = Task { [pollInterval, readSequence] in
            while !Task.isCancelled, !waiters.isEmpty {
                if let sequence = await readSequence() { publish(sequence) }
                try? await Task.sleep(for: pollInterval)
            }
            pollerEnded()
        }
    }

    private func pollerEnded() {
        poller = nil
        if !waiters.isEmpty, !isClosed { startPolling() }
    }
}
