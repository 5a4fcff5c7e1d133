import FileProviderKit

/// The bookkeeping both observer adapters share for one enumeration call: reports pass to the
/// contract observer until the first finish, that finish replies once, a report or finish after
/// it is recorded in the ``ViolationLog``, and once the call is abandoned nothing passes at all.
final class ObserverCallGate<Outcome: Sendable>: Sendable {
    private let reply: @Sendable (Result<Outcome, any Error>) -> Void
    private let isFinished = LockedValue(false)
    private let isAbandoned = LockedValue(false)
    private let log: ViolationLog
    private let call: String

    init(call: String, log: ViolationLog, reply: @escaping @Sendable (Result<Outcome, any Error>) -> Void) {
        self.call = call
        self.log = log
        self.reply = reply
    }

    /// Whether reports may still pass; records `reportedAfterFinish` when the call has finished.
    func isOpen() -> Bool {
        guard isFinished.withLock({ $0 }) else { return true }
        log.record(ContractViolation(.reportedAfterFinish, call: call))
        return false
    }

    /// Runs `report` unless the call was abandoned, holding the lock `abandon()` takes.
    func forward(_ report: () -> Void) {
        isAbandoned.withLock { abandoned in
            if !abandoned { report() }
        }
    }

    /// Replies with `result` on the first finish of a call not abandoned; records
    /// `finishedMoreThanOnce` on any later one.
    func finish(_ result: Result<Outcome, any Error>) {
        let wasFinished = isFinished.withLock { finished in
            defer { finished = true }
            return finished
        }
        if wasFinished {
            log.record(ContractViolation(.finishedMoreThanOnce, call: call))
            return
        }
        guard !isAbandoned.withLock({ $0 }) else { return }
        reply(result)
    }

    /// Stops forwarding without a finding: the call has ended (cancelled, or past its deadline).
    /// Once it returns, nothing more reaches the contract observer: it waits for a report being
    /// forwarded, so the caller may finish that observer at once without racing the extension.
    func abandon() {
        isAbandoned.withLock { $0 = true }
    }
}
