import FileProviderKit
import Foundation
import Synchronization

/// A provider's change history, durable, answering "what changed since this anchor" in
/// O(changes) — what a backend without a change feed (or with a lagging one) needs so that change
/// enumeration meets the contract.
///
/// Record every change of an item as the provider makes or learns of it: ``record(updated:deleted:)``
/// with the item's new state, or its identifier for a deletion (a recursive deletion records
/// every descendant). One call is one durable update. ``currentAnchor()`` is the position after
/// the last change; ``changes(since:limit:)`` reports what came after an anchor:
/// - each item once, in its latest state, at its latest change (changes coalesce per item);
/// - parents before their children, in a batch and across batches: an item's ancestors that
///   changed after the anchor are reported ahead of it (R6.2);
/// - an item that moved out of a folder before that folder's deletion (R6.5): an entry followed by
///   a deletion before its item changed again still reports the item — in its last state if it
///   was deleted too, so what it held then and left later survives the folder's deletion;
/// - never an identifier both updated and deleted in one batch, and at most `limit` changes in
///   one.
///
/// Anchors carry the store epoch and a position (R3, R5): an anchor of another epoch, or older
/// than the ``retention`` kept, or garbage, fails with `syncAnchorExpired`, never with an empty
/// success. The epoch is drawn when the journal is created and kept with it: it survives
/// restarts, and changes only with ``resetEpoch()``. With no change recorded, the anchor stays
/// equal and the changes since it are empty (R7).
///
/// Thread-safe: calls are serialized.
public final class ChangeJournal: Sendable {
    enum Change: Codable, Sendable {
        case update(ItemSnapshot)
        /// A deletion; after compaction, with the item's last state when its earlier entries are
        /// gone (a pinned one may report it).
        case deletion(ItemIdentifier, lastState: ItemSnapshot? = nil)
        case superseded(ItemIdentifier, pinned: Bool)
    }

    enum Record: Codable, Sendable {
        case header(epoch: UInt64, firstRank: UInt64)
        case changes([Change])
    }

    struct State: Sendable {
        var epoch: UInt64
        var history: ChangeHistory
        var records = 0
    }

    /// The most changes kept; anchors that need older ones expire.
    public let retention: Int
    private let journal: RecordJournal<Record>
    private let state: Mutex<State>

    /// Opens the journal at `url`, creating it with a new random epoch when it does not exist.
    ///
    /// - Parameters:
    ///   - url: the journal file.
    ///   - retention: the most changes kept (at least 1); anchors older than them expire.
    ///   - epoch: the epoch of a new journal; by default a random one. Ignored when the journal
    ///     exists.
    /// - Throws: `cannotSynchronize` when the journal cannot be read or
    ///   created.
    public init(journalAt url: URL, retention: Int = 10_000, epoch: UInt64? = nil) throws(FileProviderError) {
        self.retention = max(1, retention)
        journal = try RecordJournal(url: url)
        var loaded: State?
        for record in try journal.load() {
            switch record {
            case .header(let epoch, let firstRank):
                loaded = State(epoch: epoch, history: ChangeHistory(retention: self.retention, firstRank: firstRank))
            case .changes(let changes):
                if var current = loaded {
                    Self.apply(changes, to: &current.history)
                    loaded = current
                }
            }
            loaded?.records += 1
        }
        if let loaded {
            state = Mutex(loaded)
        } else {
            let fresh = State(
                epoch: epoch ?? UInt64.random(in: 1...UInt64.max),
                history: ChangeHistory(retention: self.retention, firstRank: 1),
                records: 1
            )
            try journal.rewrite([.header(epoch: fresh.epoch, firstRank: 1)])
            state = Mutex(fresh)
        }
    }

    /// The store epoch: pages and anchors of another epoch have expired.
    public var epoch: UInt64 { state.withLock { $0.epoch } }

    /// Records changes, durably, in one update: `updated` in order (parents first), then
    /// `deleted`.
    ///
    /// - Throws: `cannotSynchronize` when the journal cannot be written;
    ///   nothing is recorded then.
    public func record(updated: [ItemSnapshot] = [], deleted: [ItemIdentifier] = []) throws(FileProviderError) {
        let changes = updated.map(Change.update) + deleted.map { Change.deletion($0) }
        guard !changes.isEmpty else { return }
        try state.withLock { state throws(FileProviderError) in
            // Durable first, then applied in place (never a copy of the history: O(changes) per
            // call). Compaction comes after; if it fails, the appended journal holds everything.
            try journal.append(.changes(changes))
            Self.apply(changes, to: &state.history)
            state.records += 1
            if state.records > 256, state.records > 2 * state.history.retainedCount,
                (try? journal.rewrite(Self.compacted(state))) != nil
            {
                state.records = 2
            }
        }
    }

    /// The anchor after the last change recorded.
    ///
    /// - Throws: never in practice (the anchor is 37 bytes).
    public func currentAnchor() throws(FileProviderError) -> SyncAnchor {
        let (epoch, position) = state.withLock { ($0.epoch, $0.history.nextRank) }
        return try ChangeAnchor(epoch: epoch, position: position, marker: nil).anchor()
    }

    /// One batch of the changes after `anchor`, at most `limit` of them (see the type's rules).
    ///
    /// Cost: O(changes scanned + items reported); across a catch-up every change is scanned once.
    ///
    /// - Throws: `syncAnchorExpired` for an anchor that is garbage, of
    ///   another epoch, ahead of the journal, or older than the changes retained.
    public func changes(since anchor: SyncAnchor, limit: Int) throws(FileProviderError) -> ChangeBatch {
        // Under the lock, so a writer never has to copy the history a reader still holds.
        return try state.withLock { state throws(FileProviderError) -> ChangeBatch in
            guard let token = ChangeAnchor(anchor), token.epoch == state.epoch,
                token.position >= state.history.firstRetainedRank, token.position <= state.history.nextRank
            else {
                throw FileProviderError(
                    .syncAnchorExpired,
                    message: "The anchor is not one this change journal can continue from."
                )
            }
            return try Self.batch(of: state, from: token, limit: max(1, limit))
        }
    }

    /// Forgets every change recorded so far, durably: anchors from before expire; the epoch stays,
    /// so pages stay valid.
    ///
    /// - Throws: `cannotSynchronize` when the journal cannot be written.
    public func expireHistory() throws(FileProviderError) {
        try state.withLock { state throws(FileProviderError) in
            var next = state
            next.history.dropAll()
            try journal.rewrite(Self.compacted(next))
            next.records = 2
            state = next
        }
    }

    /// Starts a new epoch, durably, as a store restored from a backup does: every anchor and page
    /// of the old epoch expires.
    ///
    /// - Throws: `cannotSynchronize` when the journal cannot be written.
    public func resetEpoch() throws(FileProviderError) {
        try state.withLock { state throws(FileProviderError) in
            var next = state
            repeat { next.epoch = UInt64.random(in: 1...UInt64.max) } while next.epoch == state.epoch
            next.history = ChangeHistory(retention: retention, firstRank: state.history.nextRank)
            try journal.rewrite(Self.compacted(next))
            next.records = 2
            state = next
        }
    }

    private static func apply(_ changes: [Change], to history: inout ChangeHistory) {
        for change in changes {
            switch change {
            case .update(let item): history.append(item)
            case .deletion(let identifier, let lastState): history.appendDeletion(of: identifier, lastState: lastState)
            case .superseded(let identifier, let pinned): history.appendSuperseded(identifier, pinned: pinned)
            }
        }
    }

    private static func compacted(_ state: State) -> [Record] {
        let history = state.history
        let changes = history.retainedEntries.map { rank, entry -> Change in
            if entry.isDeletion {
                let deleted = history.deletedState(of: entry.identifier)
                return .deletion(entry.identifier, lastState: deleted?.tombstone == rank ? deleted?.item : nil)
            }
            if let item = entry.item { return .update(item) }
            return .superseded(entry.identifier, pinned: entry.isPinned)
        }
        return [.header(epoch: state.epoch, firstRank: state.history.firstRetainedRank), .changes(changes)]
    }

    private static func batch(
        of state: State,
        from token: ChangeAnchor,
        limit: Int
    ) throws(FileProviderError)
        -> ChangeBatch
    {
        let history = state.history
        var updated: [ItemSnapshot] = []
        var deleted: [ItemIdentifier] = []
        var position = token.position
        var marker = token.marker
        var emitted: Set<ItemIdentifier> = []
        while position < history.nextRank, updated.count + deleted.count < limit,
            let entry = history.entry(at: position)
        {
            if entry.isDeletion {
                deleted.append(entry.identifier)
                position += 1
                marker = nil
                continue
            }
            guard let item = history.reportedItem(entry) else {
                position += 1
                marker = nil
                continue
            }
            var chain = history.ancestors(of: item, after: position) + [item]
            if let current = marker, let index = chain.firstIndex(where: { $0.itemIdentifier == current }) {
                chain.removeFirst(index + 1)
            }
            chain.removeAll { emitted.contains($0.itemIdentifier) }
            let room = limit - updated.count - deleted.count
            if chain.count <= room {
                for item in chain {
                    updated.append(item)
                    emitted.insert(item.itemIdentifier)
                }
                position += 1
                marker = nil
            } else {
                if updated.isEmpty, deleted.isEmpty {
                    updated += chain.prefix(room)
                    marker = chain[room - 1].itemIdentifier
                }
                break
            }
        }
        ChangeHistory.removeDeleted(from: &updated, deleted) { $0.itemIdentifier }
        let anchor = try ChangeAnchor(epoch: state.epoch, position: position, marker: marker).anchor()
        return ChangeBatch(
            updatedItems: updated,
            deletedItemIdentifiers: deleted,
            anchor: anchor,
            moreComing: position < history.nextRank
        )
    }
}
