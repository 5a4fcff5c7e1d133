import Synchronization

/// A ``ChangeObserver`` that records one batch and the contract violations it sees.
final class RecordingChangeObserver: ChangeObserver {
    enum Outcome {
        case anchor(SyncAnchor, moreComing: Bool)
        case error(any Error)
    }

    private struct State {
        var updated: [any FileProviderItem] = []
        var deleted: [ItemIdentifier] = []
        var outcome: Outcome?
        var violation: ContractViolation.Kind?
    }

    let suggestedBatchSize: Int
    private let state = Mutex(State())

    init(suggestedBatchSize: Int) {
        self.suggestedBatchSize = suggestedBatchSize
    }

    func didUpdate(_ updatedItems: [any FileProviderItem]) {
        state.withLock { state in
            if state.outcome != nil {
                state.violation = state.violation ?? .reportedAfterFinish
            } else {
                state.updated += updatedItems
            }
        }
    }

    func didDeleteItems(withIdentifiers deletedItemIdentifiers: [ItemIdentifier]) {
        state.withLock { state in
            if state.outcome != nil {
                state.violation = state.violation ?? .reportedAfterFinish
            } else {
                state.deleted += deletedItemIdentifiers
            }
        }
    }

    func finishEnumeratingChanges(upTo anchor: SyncAnchor, moreComing: Bool) {
        finish(.anchor(anchor, moreComing: moreComing))
    }

    func finishEnumeratingWithError(_ error: any Error) {
        finish(.error(error))
    }

    /// The batch's changes and where the next batch starts.
    ///
    /// - Throws: the error the provider finished with, or a ``ContractViolation`` describing `call`.
    func result(of call: String) throws -> ChangeBatch {
        let (updated, deleted, outcome, violation) = state.withLock {
            ($0.updated, $0.deleted, $0.outcome, $0.violation)
        }
        if let violation { throw ContractViolation(violation, call: call) }
        switch outcome {
        case nil: throw ContractViolation(.didNotFinish, call: call)
        case .error(let error): throw error
        case .anchor(let anchor, let moreComing):
            let count = updated.count + deleted.count
            guard count <= suggestedBatchSize else {
                throw ContractViolation(.tooManyItems(count: count, suggested: suggestedBatchSize), call: call)
            }
            if !deleted.isEmpty {
                let deletedSet = Set(deleted)
                if let both = updated.first(where: { deletedSet.contains($0.itemIdentifier) }) {
                    throw ContractViolation(.updatedAndDeleted(both.itemIdentifier), call: call)
                }
            }
            return ChangeBatch(
                updatedItems: updated,
                deletedItemIdentifiers: deleted,
                anchor: anchor,
                moreComing: moreComing
            )
        }
    }

    private func finish(_ outcome: Outcome) {
        state.withLock { state in
            if state.outcome != nil {
                state.violation = state.violation ?? .finishedMoreThanOnce
            } else {
                state.outcome = outcome
            }
        }
    }
}
