import FileProviderKit

/// The move of one or more keys on a backend without atomic renames — a file's copy + delete, or
/// a folder's keys one by one — done so that it is never half done: every key moves, or none.
/// A step without a destination only deletes its key, so a recursive deletion is a move too.
///
/// ``run(_:in:on:completed:)`` writes the intent to an ``OperationJournal`` before the first
/// request, copies every key, records the point of no return, runs the provider's bookkeeping
/// (`completed`), deletes every source, and finishes the intent. When a request fails while
/// copying, the copies made are deleted (a rollback) and the error is rethrown: nothing moved.
/// A move without any copy (a deletion) passes the point of no return once its first key is
/// deleted; when that request fails, the error is rethrown and nothing changed.
/// From the point of no return on, the move is done whatever the backend answers (it rolls
/// forward): a source whose deletion fails is left behind, the intent stays open, and the call
/// still returns, because every key is at its destination and the provider's records say so.
///
/// Whatever a move leaves open — leftover sources, copies a failed rollback could not delete, a
/// crash at any point — ``recover(_:on:completed:)`` settles: before the point of no return it
/// deletes the copies (the sources are all still there); after it, it deletes the remaining
/// sources (the copies are all there). Both steps are idempotent, so a recovery cut short is
/// simply run again. A provider runs it when it starts, and before its next change to the backend
/// whenever ``OperationJournal/pending`` is not empty (one operation at a time, so that no move is
/// in flight then): a leftover key must be gone before a new object may take it.
///
/// The destinations must be free when the move starts (the provider checked for collisions):
/// rolling back deletes them.
///
/// Contract clauses: R16 (a failing call changes nothing; a call that returns changed everything),
/// R9 (the item keeps its identifier wherever it ends up: the provider updates its
/// ``IdentifierMap`` in `completed`, which recovery calls again for a move that moved).
public struct KeyMove: Codable, Sendable, Hashable {
    /// A key and where it goes.
    public struct Step: Codable, Sendable, Hashable {
        /// The key moved.
        public var source: String
        /// Its new key; `nil` deletes the key without copying it anywhere.
        public var destination: String?

        /// A key and where it goes; a `destination` of `nil` deletes the key.
        public init(source: String, destination: String?) {
            self.source = source
            self.destination = destination
        }
    }

    /// The phase recorded once every copy is made: from then on the move is finished, never
    /// rolled back.
    public static let copiedPhase: UInt8 = 1

    /// The keys moved.
    public var steps: [Step]
    /// What the provider needs to finish its own bookkeeping after a recovery (the item's
    /// identifier and new key, say); the move does not read it.
    public var context: [String: String]

    /// A move of `steps`, with the provider's `context`.
    public init(steps: [Step], context: [String: String] = [:]) {
        self.steps = steps
        self.context = context
    }

    /// How a move ended.
    public enum Outcome: Sendable, Hashable {
        /// Every key is at its destination.
        case moved
        /// Every key is back at its source.
        case rolledBack
    }

    /// Moves `move`'s keys on `backend`, journaled in `journal` (see the type's rules), and calls
    /// `completed` — the provider's own bookkeeping: its identifier map, its items, its change
    /// journal — once every key is copied, before any source is deleted. When it returns, the
    /// move is done: every key is at its destination, though sources whose deletion failed may
    /// remain until ``recover(_:on:completed:)`` deletes them (`journal.pending` is not empty then).
    ///
    /// - Throws: the backend's error when a copy failed (nothing moved: the copies made are
    ///   deleted again; when that fails too, the intent stays open for ``recover(_:on:completed:)``
    ///   to delete them), or when a deletion alone failed at its first key (nothing deleted); the
    ///   journal's error when the intent cannot be written (nothing was
    ///   moved); `completed`'s error (the keys are copied and the move stays open, for recovery
    ///   to finish and to run `completed` again).
    public static func run(
        _ move: KeyMove,
        in journal: OperationJournal<KeyMove>,
        on backend: some KeyMoveBackend,
        completed: () throws -> Void = {}
    ) async throws {
        let id = try journal.begin(move)
        let copies = move.steps.compactMap { step in step.destination.map { (source: step.source, destination: $0) } }
        var copied = 0
        do {
            for copy in copies {
                try await backend.copyObject(from: copy.source, to: copy.destination)
                copied += 1
            }
        } catch {
            do {
                // The failed copy may have landed even though its answer was lost: delete it too.
                for copy in copies.prefix(copied + 1).reversed() {
                    try await backend.deleteObject(copy.destination)
                }
                try journal.finish(id)
            } catch {}
            throw error
        }
        var deleted = 0
        if copies.isEmpty, let first = move.steps.first {
            // A deletion alone: its first request decides. Refused, nothing changed.
            do {
                try await backend.deleteObject(first.source)
            } catch {
                do { try journal.finish(id) } catch {}
                throw error
            }
            deleted = 1
        }
        try journal.advance(id, to: copiedPhase)
        try completed()
        do {
            for step in move.steps.dropFirst(deleted) { try await backend.deleteObject(step.source) }
        } catch {
            // Rolled forward: every key is at its destination; recovery deletes the sources left.
            return
        }
        try journal.finish(id)
    }

    /// Finishes or rolls back every move `journal` holds open, oldest first, and calls
    /// `completed` with each one's outcome after its keys are settled and before it is finished
    /// in the journal (so a crash in between runs it again).
    ///
    /// - Returns: the moves settled, with their outcome.
    /// - Throws: the backend's or the journal's error; the moves not settled stay open.
    @discardableResult
    public static func recover(
        _ journal: OperationJournal<KeyMove>,
        on backend: some KeyMoveBackend,
        completed: (KeyMove, Outcome) throws -> Void = { _, _ in }
    ) async throws -> [(KeyMove, Outcome)] {
        var settled: [(KeyMove, Outcome)] = []
        for operation in journal.pending {
            let outcome: Outcome
            if operation.phase >= copiedPhase {
                for step in operation.intent.steps { try await backend.deleteObject(step.source) }
                outcome = .moved
            } else {
                for step in operation.intent.steps.reversed() {
                    if let destination = step.destination { try await backend.deleteObject(destination) }
                }
                outcome = .rolledBack
            }
            try completed(operation.intent, outcome)
            try journal.finish(operation.id)
            settled.append((operation.intent, outcome))
        }
        return settled
    }
}
