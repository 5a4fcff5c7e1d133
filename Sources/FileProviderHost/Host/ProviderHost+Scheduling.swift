extension ProviderHost {
    /// Whether nothing is running or due: no operation is pending, running or waiting to retry,
    /// and no synchronization is running, due or waiting to retry. Parked and final operations,
    /// and a parked or failed synchronization, do not count.
    public var isIdle: Bool {
        guard runningOperations.isEmpty, waitingOperations.isEmpty, !syncRunning else { return false }
        switch syncStatus {
        case .waitingToRetry: return false
        case .idle, .running: return !catchUpRequested
        case .parked, .failed, .stopped: return true
        }
    }

    /// Waits until the host is idle (see ``isIdle``) or stopped. Under automatic scheduling this
    /// is how a test waits for the work it caused; back-off waits count as work, so with a test
    /// clock the test must advance the clock.
    ///
    /// - Throws: `CancellationError` when the waiting task is cancelled.
    public func waitUntilIdle() async throws {
        if isIdle || isStopped { return }
        lastTaskKey += 1
        let key = lastTaskKey
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    idleWaiters[key] = continuation
                }
            }
        } onCancel: {
            Task { await self.resumeIdleWaiter(key, with: .failure(CancellationError())) }
        }
    }

    /// Starts what is due under automatic scheduling, and wakes idle waiters when nothing is.
    /// Called after every change of state.
    func schedule() {
        defer {
            if isIdle { resumeIdleWaiters(with: .success(())) }
        }
        guard isStarted, !isStopped, case .automatic(let limit) = configuration.scheduling else { return }
        if catchUpRequested, !syncRunning, syncMayStart {
            syncRunning = true
            _ = track { _ = try await self.synchronizeHoldingSlot() }
        }
        let now = clock.now()
        for id in waitingOperations.sorted() where runningOperations.count < max(1, limit) {
            guard let record = records[id], isReady(record, at: now), isFirstOnItsItem(record) else { continue }
            beginAttempt(id)
            _ = track { _ = try await self.attempt(id) }
        }
    }

    /// Runs `action` on the host once the host's clock reaches `deadline`, under automatic
    /// scheduling; under manual scheduling the test decides when work runs, so nothing happens.
    func afterBackOff(until deadline: Duration, _ action: @escaping @Sendable (ProviderHost) async -> Void) {
        guard isStarted, !isStopped, case .automatic = configuration.scheduling else { return }
        let clock = self.clock
        _ = track {
            try await clock.sleep(deadline)
            await action(self)
        }
    }

    func resumeIdleWaiters(with result: Result<Void, any Error>) {
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters.values { waiter.resume(with: result) }
    }

    private var syncMayStart: Bool {
        switch syncStatus {
        case .idle, .failed: true
        case .running, .waitingToRetry, .parked, .stopped: false
        }
    }

    func syncRetryIsDue() {
        guard case .waitingToRetry = syncStatus else { return }
        syncStatus = .idle
        catchUpRequested = true
        schedule()
    }

    private func isFirstOnItsItem(_ record: OperationRecord) -> Bool {
        guard let target = record.submitted.targetItemIdentifier else { return true }
        return queuesByItem[target]?.first == record.id
    }

    private func resumeIdleWaiter(_ key: Int, with result: Result<Void, any Error>) {
        idleWaiters.removeValue(forKey: key)?.resume(with: result)
    }
}
