import FileProviderKit

/// An in-memory change history: one entry per change, ranked without gaps from a first rank, at
/// most `retention` of them. It is behind ``ChangeJournal``, and package-wide so that the reference
/// provider keeps its change log with it.
///
/// Every change of an item appends an entry holding the item's new state. Deletions append a
/// tombstone entry. An entry keeps its item only while it is the item's latest change: a later
/// entry of the same item (or its deletion) releases it, so whether an entry is current, and
/// what it reports, cost O(1). An entry a deletion followed before its item changed again is
/// pinned: it reports the item's latest state — or, once the item is deleted too, its last state
/// before that — so an item that left a folder is reported before the folder's deletion, with
/// whatever it still held then. The oldest entries beyond `retention` are dropped first, and
/// anchors that need them expire; ranks keep growing after `dropAll()`, so they never repeat.
package struct ChangeHistory: Sendable {
    /// One change.
    package struct Entry: Hashable, Sendable {
        /// The item the change is about.
        package let identifier: ItemIdentifier
        /// Whether the change deleted the item.
        package let isDeletion: Bool
        /// The item's state after this change while this entry is its latest; `nil` for a
        /// deletion and once a later entry of the same item supersedes this one.
        package fileprivate(set) var item: ItemSnapshot?
        /// Whether a deletion came after this entry before a later entry of the same item
        /// superseded it: the entry then still reports the item, in its latest state.
        package fileprivate(set) var isPinned: Bool
        /// The container the item left with this change: its parent before a move (when the
        /// parent changed), or the parent it was deleted from; `nil` when it left none or the
        /// writer did not say. A folder's change enumeration reports the item as deleted from it.
        package let formerParent: ItemIdentifier?

        fileprivate init(
            identifier: ItemIdentifier,
            isDeletion: Bool,
            item: ItemSnapshot?,
            isPinned: Bool = false,
            formerParent: ItemIdentifier? = nil
        ) {
            self.identifier = identifier
            self.isDeletion = isDeletion
            self.item = item
            self.isPinned = isPinned
            self.formerParent = formerParent
        }
    }

    /// The most entries kept (at least 1).
    package let retention: Int
    private var entries: [Entry] = []
    /// The index in `entries` of the oldest retained entry; the ones before it are dropped and
    /// removed in bulk, so trimming costs O(1) amortized.
    private var head = 0
    /// The rank of `entries[0]`.
    private var baseRank: UInt64
    /// The rank of the latest entry of every item that has a retained one and is not deleted.
    private var latestRanks: [ItemIdentifier: UInt64] = [:]
    /// The rank of the latest deletion entry; 0 before any.
    private var lastDeletionRank: UInt64 = 0
    /// The last state of every deleted item whose tombstone is retained and whose state before
    /// it was known, with the tombstone's rank (see ``deletedState(of:)``).
    private var deletedStates: [ItemIdentifier: (item: ItemSnapshot, tombstone: UInt64)] = [:]

    /// An empty history whose first entry gets `firstRank`.
    package init(retention: Int, firstRank: UInt64 = 1) {
        self.retention = max(1, retention)
        baseRank = firstRank
    }

    /// The rank the next entry gets.
    package var nextRank: UInt64 { baseRank + UInt64(entries.count) }

    /// The rank of the oldest retained entry; equal to `nextRank` when none is retained.
    package var firstRetainedRank: UInt64 { baseRank + UInt64(head) }

    /// The number of retained entries.
    package var retainedCount: Int { entries.count - head }

    /// The retained entries, oldest first.
    package var retained: ArraySlice<Entry> { entries[head...] }

    /// The retained entries with their ranks, oldest first.
    package var retainedEntries: [(rank: UInt64, entry: Entry)] {
        (head..<entries.count).map { (baseRank + UInt64($0), entries[$0]) }
    }

    /// The entry of `rank`, if it is retained.
    package func entry(at rank: UInt64) -> Entry? {
        guard rank >= firstRetainedRank, rank < nextRank else { return nil }
        return entries[Int(rank - baseRank)]
    }

    /// The rank of the latest entry of the item with `identifier`, or `nil` when that entry is
    /// no longer retained or the item is deleted.
    package func latestRank(of identifier: ItemIdentifier) -> UInt64? {
        latestRanks[identifier]
    }

    /// The item an entry reports: its own state while it is its item's latest; while it is
    /// pinned, the item's latest state, or its last state before its deletion (its tombstone,
    /// later, deletes it again); otherwise `nil`.
    ///
    /// A pinned entry of a deleted item must still report it: a consumer at an older anchor may
    /// hold the item, and items since moved out of it, below the folder whose deletion the pin
    /// stands before, and would delete them with that folder.
    package func reportedItem(_ entry: Entry) -> ItemSnapshot? {
        if let item = entry.item { return item }
        guard entry.isPinned else { return nil }
        if let rank = latestRanks[entry.identifier] { return self.entry(at: rank)?.item }
        return deletedStates[entry.identifier]?.item
    }

    /// The last state of a deleted item before its deletion, with the rank of its tombstone, while
    /// the tombstone is retained; `nil` for an item not deleted, or deleted with no retained state
    /// before. An item a pinned entry reports in that state may lie in folders deleted since: a
    /// change enumeration reports them in their last state too, ahead of it.
    package func deletedState(of identifier: ItemIdentifier) -> (item: ItemSnapshot, tombstone: UInt64)? {
        deletedStates[identifier]
    }

    /// The latest state of the item with `identifier`, or `nil` when it is deleted or its latest
    /// entry is no longer retained (then neither is any earlier one).
    package func latestItem(of identifier: ItemIdentifier) -> ItemSnapshot? {
        latestRanks[identifier].flatMap { entry(at: $0)?.item }
    }

    /// The ancestors of `item` a consumer at position `position` may not know in their current
    /// state, top down: those whose latest change is after `position`, and those deleted after it,
    /// in their last state (an item a pinned entry reports after its deletion may lie in them). A
    /// change enumeration reports them ahead of `item`, so parents precede their children.
    ///
    /// Cost: O(ancestors reported), each O(1).
    package func ancestors(of item: ItemSnapshot, after position: UInt64) -> [ItemSnapshot] {
        var chain: [ItemSnapshot] = []
        var cursor = item.parentItemIdentifier
        while !cursor.isReservedContainer, chain.count <= retainedCount {
            if let rank = latestRanks[cursor] {
                guard rank > position, let ancestor = entry(at: rank)?.item else { break }
                chain.append(ancestor)
            } else if let deleted = deletedStates[cursor], deleted.tombstone > position {
                chain.append(deleted.item)
            } else {
                break
            }
            cursor = chain[chain.count - 1].parentItemIdentifier
        }
        return chain.reversed()
    }

    /// Removes from `updated` every item `deleted` names: a deleted item a pinned entry reported
    /// before its tombstone in the same batch is only deleted, since a batch's updates apply
    /// before its deletions and a batch never names one identifier twice.
    package static func removeDeleted<Item>(
        from updated: inout [Item],
        _ deleted: [ItemIdentifier],
        identifier: (Item) -> ItemIdentifier
    ) {
        guard !deleted.isEmpty, !updated.isEmpty else { return }
        let gone = Set(deleted)
        updated.removeAll { gone.contains(identifier($0)) }
    }

    /// Appends an entry for the new state of `item` — which left `formerParent`, if given — and
    /// returns its rank, dropping the oldest entry beyond the retention.
    @discardableResult
    package mutating func append(_ item: ItemSnapshot, leaving formerParent: ItemIdentifier? = nil) -> UInt64 {
        deletedStates[item.itemIdentifier] = nil
        supersede(latestRanks.updateValue(nextRank, forKey: item.itemIdentifier))
        return add(Entry(identifier: item.itemIdentifier, isDeletion: false, item: item, formerParent: formerParent))
    }

    /// Appends a tombstone entry for the item with `identifier`, deleted from `parent` when the
    /// writer knows it, and returns its rank, dropping the oldest entry beyond the retention. The
    /// item's last state is its latest retained entry's, or `lastState` when none is retained (a
    /// journal read back after compaction).
    @discardableResult
    package mutating func appendDeletion(
        of identifier: ItemIdentifier,
        from parent: ItemIdentifier? = nil,
        lastState: ItemSnapshot? = nil
    ) -> UInt64 {
        let latest = latestRanks.removeValue(forKey: identifier)
        let state = latest.flatMap { entry(at: $0)?.item } ?? lastState
        supersede(latest)
        lastDeletionRank = nextRank
        let rank = add(Entry(identifier: identifier, isDeletion: true, item: nil, formerParent: parent))
        if let state, rank >= firstRetainedRank { deletedStates[identifier] = (state, rank) }
        return rank
    }

    /// Appends an entry already superseded, as compaction wrote it.
    package mutating func appendSuperseded(_ identifier: ItemIdentifier, pinned: Bool) {
        add(Entry(identifier: identifier, isDeletion: false, item: nil, isPinned: pinned))
    }

    /// Drops every entry: anchors from before expire; ranks go on from where they were.
    package mutating func dropAll() {
        drop(retainedCount)
    }

    @discardableResult
    private mutating func add(_ entry: Entry) -> UInt64 {
        let rank = nextRank
        entries.append(entry)
        if retainedCount > retention { drop(retainedCount - retention) }
        return rank
    }

    /// Releases the item of the entry of `rank`, which is no longer its item's latest, pinning
    /// the entry when a deletion came after it.
    private mutating func supersede(_ rank: UInt64?) {
        guard let rank, rank >= firstRetainedRank else { return }
        let index = Int(rank - baseRank)
        entries[index].item = nil
        entries[index].isPinned = lastDeletionRank > rank
    }

    private mutating func drop(_ count: Int) {
        for index in head..<head + count {
            let identifier = entries[index].identifier
            if entries[index].item != nil {
                latestRanks[identifier] = nil
                entries[index].item = nil
            } else if entries[index].isDeletion, deletedStates[identifier]?.tombstone == baseRank + UInt64(index) {
                deletedStates[identifier] = nil
            }
        }
        head += count
        if head >= 1024, head * 2 >= entries.count {
            entries.removeFirst(head)
            baseRank += UInt64(head)
            head = 0
        }
    }
}
