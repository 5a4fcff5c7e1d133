import FileProviderKit

/// An in-memory change history: one entry per change, ranked without gaps from a first rank, at
/// most `retention` of them. It is behind ``ChangeJournal``, and package-wide so that the reference
/// provider keeps its change log with it.
///
/// Every change of an item appends an entry holding the item's new state. Deletions append a
/// tombstone entry. An entry keeps its item only while it is the item's latest change: a later
/// entry of the same item (or its deletion) releases it, so whether an entry is current, and
/// what it reports, cost O(1). An entry a deletion followed before its item changed again is
/// pinned: it reports the item's latest state, so an item that left a folder is reported before
/// the folder's deletion. The oldest entries beyond `retention` are dropped first, and anchors
/// that need them expire; ranks keep growing after `dropAll()`, so they never repeat.
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

    /// The item an entry reports: its own state while it is its item's latest, the item's latest
    /// state while it is pinned and the item is not deleted, otherwise `nil`.
    package func reportedItem(_ entry: Entry) -> ItemSnapshot? {
        if let item = entry.item { return item }
        guard entry.isPinned, let rank = latestRanks[entry.identifier] else { return nil }
        return self.entry(at: rank)?.item
    }

    /// The latest state of the item with `identifier`, or `nil` when it is deleted or its latest
    /// entry is no longer retained (then neither is any earlier one).
    package func latestItem(of identifier: ItemIdentifier) -> ItemSnapshot? {
        latestRanks[identifier].flatMap { entry(at: $0)?.item }
    }

    /// Appends an entry for the new state of `item` — which left `formerParent`, if given — and
    /// returns its rank, dropping the oldest entry beyond the retention.
    @discardableResult
    package mutating func append(_ item: ItemSnapshot, leaving formerParent: ItemIdentifier? = nil) -> UInt64 {
        supersede(latestRanks.updateValue(nextRank, forKey: item.itemIdentifier))
        return add(Entry(identifier: item.itemIdentifier, isDeletion: false, item: item, formerParent: formerParent))
    }

    /// Appends a tombstone entry for the item with `identifier`, deleted from `parent` when the
    /// writer knows it, and returns its rank, dropping the oldest entry beyond the retention.
    @discardableResult
    package mutating func appendDeletion(of identifier: ItemIdentifier, from parent: ItemIdentifier? = nil) -> UInt64 {
        supersede(latestRanks.removeValue(forKey: identifier))
        lastDeletionRank = nextRank
        return add(Entry(identifier: identifier, isDeletion: true, item: nil, formerParent: parent))
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
        for index in head..<head + count where entries[index].item != nil {
            latestRanks[entries[index].identifier] = nil
            entries[index].item = nil
        }
        head += count
        if head >= 1024, head * 2 >= entries.count {
            entries.removeFirst(head)
            baseRank += UInt64(head)
            head = 0
        }
    }
}
