/// A ``ChangeObserver`` that records one batch and the contract violations it sees.
final class RecordingChangeObserver: ChangeObserver {
    private enum Outcome {
        case anchor(SyncAnchor, moreComing: Bool)
        case error(any Error)
    }

    private struct State {
        var updated: [any FileProviderItem] = []
        var deleted: [ItemIdentifier] = []
        var tracker = FinishTracker<Outcome>()
    }

    let suggestedBatchSize: Int
    private let state = LockedValue(State())

    init(suggestedBatchSize: Int) {
        self.suggestedBatchSize = suggestedBatchSize
    }

    func didUpdate(_ updatedItems: [any FileProviderItem]) {
        state.withLock { state in state.tracker.whileOpen { state.updated += updatedItems } }
    }

    func didDeleteItems(withIdentifiers deletedItemIdentifiers: [ItemIdentifier]) {
        state.withLock { state in state.tracker.whileOpen { state.deleted += deletedItemIdentifiers } }
    }

    func finishEnumeratingChanges(upTo anchor: SyncAnchor, moreComing: Bool) {
        state.withLock { $0.tracker.finish(.anchor(anchor, moreComing: moreComing)) }
    }

    func finishEnumeratingWithError(_ error: any Error) {
        state.withLock { $0.tracker.finish(.error(error)) }
    }

    /// The batch's changes and where the next batch starts.
    ///
    /// - Throws: the error the provider finished with, or a ``ContractViolation`` describing `call`.
    func result(of call: String) throws -> ChangeBatch {
        let (updated, deleted, tracker) = state.withLock { ($0.updated, $0.deleted, $0.tracker) }
        switch try tracker.outcome(of: call) {
        case .error(let error): throw error
        case .anchor(let anchor, let moreComing):
            let count = updated.count + deleted.count
            guard count <= suggestedBatchSize else {
                throw ContractViolation(.tooManyItems(count: count, suggested: suggestedBatchSize), call: call)
            }
            let deletedSet = Set(deleted)
            if let both = updated.first(where: { deletedSet.contains($0.itemIdentifier) }) {
                throw ContractViolation(.updatedAndDeleted(both.itemIdentifier), call: call)
            }
            return ChangeBatch(
                updatedItems: updated,
                deletedItemIdentifiers: deleted,
                anchor: anchor,
                moreComing: moreComing
            )
        }
    }
}
