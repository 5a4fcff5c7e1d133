import FileProviderKit

/// The move of one or more keys on a backend without atomic renames — a file's copy + delete, or
/// a folder's keys one by one — done so that it is never half done: every key moves, or none.
///
/// ``run(_:in:on:completed:)`` writes the intent to an ``OperationJournal`` before the first request, copies
/// every key, records the point of no return, deletes every source, and finishes the intent. When
/// a request fails while copying, the copies made are deleted (a rollback) and the error is
/// rethrown; when one fails after the point of no return, the move is finished later. After a
/// crash, ``recover(_:on:completed:)`` does the same for every move left open: before the point of no
/// return it deletes the copies (the sources are all still there); after it, it deletes the
/// remaining sources (the copies are all there). Both steps are idempotent, so a recovery cut
/// short is simply run again.
///
/// The destinations must be free when the move starts (the provider checked for collisions):
/// rolling back deletes them.
///
/// Contract clauses: R16 (a failing call changes nothing), R9 (the item keeps its identifier
/// wherever it ends up: the provider updates its ``IdentifierMap`` when the move completes, or in
/// ``recover(_:on:completed:)``'s `completed` callback).
public struct KeyMove: Codable, Sendable, Hashable {
    /// A key and where it goes.
    public struct Step: Codable, Sendable, Hashable {
        /// The key moved.
        public var source: String
        /// Its new key.
        public var destination: String

        /// A key and where it goes.
        public init(source: String, destination: String) {
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
    /// journal — once every key is moved and before the intent is finished, so a crash before the
    /// bookkeeping is durable leaves the move for ``recover(_:on:completed:)`` to complete again.
    ///
    /// - Throws: the backend's error when a copy failed (the copies made are deleted again; when
    ///   that fails too, the intent stays open for ``recover(_:on:completed:)``) or when a deletion failed
    ///   after every copy was made (the move stays open and ``recover(_:on:completed:)`` finishes it: the
    ///   keys are at their destinations); the journal's error when the intent cannot be written
    ///   (nothing was moved); `completed`'s error (the move stays open, to be recovered).
    public static func run(
        _ move: KeyMove,
        in journal: OperationJournal<KeyMove>,
        on backend: some KeyMoveBackend,
        completed: () throws -> Void = {}
    ) async throws {
        let id = try journal.begin(move)
        var copied: [Step] = []
        do {
            for step in move.steps {
                try await backend.copyObject(from: step.source, to: step.destination)
                copied.append(step)
            }
        } catch {
            do {
                // The failed copy may have landed even though its answer was lost: delete it too.
                for step in move.steps.prefix(copied.count + 1).reversed() {
                    try await backend.deleteObject(step.destination)
                }
                try journal.finish(id)
            } catch {}
            throw error
        }
        try journal.advance(id, to: copiedPhase)
        for step in move.steps { try await backend.deleteObject(step.source) }
        try completed()
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
                for step in operation.intent.steps.reversed() { try await backend.deleteObject(step.destination) }
                outcome = .rolledBack
            }
            try completed(operation.intent, outcome)
            try journal.finish(operation.id)
            settled.append((operation.intent, outcome))
        }
        return settled
    }
}
