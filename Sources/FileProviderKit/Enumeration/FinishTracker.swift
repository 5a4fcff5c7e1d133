/// The part of the observer contract both observers share: reports until exactly one finish.
///
/// A recording observer keeps one tracker per call, records what was reported while the call was
/// open, and turns a second finish, a report after the finish, or a missing finish into a
/// ``ContractViolation``.
struct FinishTracker<Outcome> {
    private var outcome: Outcome?
    private var violation: ContractViolation.Kind?

    /// Runs `record` if the call has not finished; otherwise notes a report after the finish.
    mutating func whileOpen(_ record: () -> Void) {
        if outcome == nil {
            record()
        } else {
            violation = violation ?? .reportedAfterFinish
        }
    }

    /// Records the finish, or notes a second one.
    mutating func finish(_ outcome: Outcome) {
        if self.outcome == nil {
            self.outcome = outcome
        } else {
            violation = violation ?? .finishedMoreThanOnce
        }
    }

    /// How the call finished.
    ///
    /// - Throws: a ``ContractViolation`` describing `call` when the contract was broken.
    func outcome(of call: String) throws -> Outcome {
        if let violation { throw ContractViolation(violation, call: call) }
        guard let outcome else { throw ContractViolation(.didNotFinish, call: call) }
        return outcome
    }
}
