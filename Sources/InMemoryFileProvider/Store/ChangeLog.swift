import FileProviderKit

/// The store's change history: one entry per change, ranked 1, 2, 3 … without gaps.
///
/// Every change of an item appends an entry holding the item's new state, and the item's
/// metadata revision becomes the entry's rank. Deletions append a tombstone entry. An entry keeps
/// the item only while it is the item's latest: a later entry of the same item (or its deletion)
/// releases it, so whether an entry is current, and the item it reports, cost O(1) (see
/// `StoreState.changes(from:marker:limit:)`). At most `limit` entries are kept; the oldest are
/// dropped first and anchors that need them expire. Ranks keep growing across epoch resets, so
/// revisions derived from them never repeat.
struct ChangeLog: Sendable {
    struct Entry: Hashable, Sendable {
        let identifier: ItemIdentifier
        let isDeletion: Bool
        /// The item's state after this change while this entry is its latest; `nil` for a
        /// deletion and once a later entry of the same item supersedes this one.
        fileprivate(set) var item: ItemSnapshot?
        /// Whether a deletion came after this entry before a later entry of the same item
        /// superseded it: the entry then still reports the item, in its latest state, so a
        /// consumer learns where the item went before a folder it left is deleted.
        fileprivate(set) var isPinned = false
        /// The container the item left with this change: its parent before a move (when the
        /// parent changed), or the parent it was deleted from; `nil` when it left none. A
        /// folder's change enumeration reports the item as deleted from that container.
        let formerParent: ItemIdentifier?
    }

    /// The most entries kept.
    let limit: Int
    private var entries: [Entry] = []
    /// The index in `entries` of the oldest retained entry; the ones before it are dropped and
    /// removed in bulk, so trimming costs O(1) amortized.
    private var head = 0
    /// The rank of `entries[0]`.
    private var baseRank: UInt64 = 1
    /// The rank of the latest entry of every item that has a retained one and is not deleted.
    private var latestRanks: [ItemIdentifier: UInt64] = [:]
    /// The rank of the latest deletion entry; 0 before any.
    private var lastDeletionRank: UInt64 = 0

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The rank the next entry gets.
    var nextRank: UInt64 { baseRank + UInt64(entries.count) }

    /// The rank of the oldest retained entry; equal to `nextRank` when none is retained.
    var firstRetainedRank: UInt64 { baseRank + UInt64(head) }

    /// The number of retained entries.
    var retainedCount: Int { entries.count - head }

    /// The entry of `rank`, if it is retained.
    func entry(at rank: UInt64) -> Entry? {
        guard rank >= firstRetainedRank, rank < nextRank else { return nil }
        return entries[Int(rank - baseRank)]
    }

    /// The rank of the latest entry of the item with `identifier`, or `nil` when that entry is
    /// no longer retained or the item is deleted.
    func latestRank(of identifier: ItemIdentifier) -> UInt64? {
        latestRanks[identifier]
    }

    /// The item an entry reports: its own state while it is its item's latest, the item's latest
    /// state while it is pinned and the item is not deleted, otherwise `nil`.
    func reportedItem(_ entry: Entry) -> ItemSnapshot? {
        if let item = entry.item { return item }
        guard entry.isPinned, let rank = latestRanks[entry.identifier] else { return nil }
        return self.entry(at: rank)?.item
    }

    /// The latest state of the item with `identifier`, or `nil` when it is deleted or its latest
    /// entry is no longer retained (then neither is any earlier one).
    func latestItem(of identifier: ItemIdentifier) -> ItemSnapshot? {
        latestRanks[identifier].flatMap { entry(at: $0)?.item }
    }

    /// Appends an entry for the new state of `item` — which left `formerParent`, if given — and
    /// returns its rank, dropping the oldest entry beyond the limit.
    @discardableResult
    mutating func append(_ item: ItemSnapshot, leaving formerParent: ItemIdentifier? = nil) -> UInt64 {
        let rank = nextRank
        supersede(latestRanks.updateValue(rank, forKey: item.itemIdentifier))
        return add(Entry(identifier: item.itemIdentifier, isDeletion: false, item: item, formerParent: formerParent))
    }

    /// Appends a tombstone entry for the item with `identifier`, deleted from `parent`, and
    /// returns its rank, dropping the oldest entry beyond the limit.
    @discardableResult
    mutating func appendDeletion(of identifier: ItemIdentifier, from parent: ItemIdentifier) -> UInt64 {
        supersede(latestRanks.removeValue(forKey: identifier))
        let rank = add(Entry(identifier: identifier, isDeletion: true, item: nil, formerParent: parent))
        lastDeletionRank = rank
        return rank
    }

    /// Drops every entry: anchors from before expire; ranks go on from where they were.
    mutating func dropAll() {
        drop(retainedCount)
    }

    /// The retained entries with their ranks, oldest first.
    var retainedEntries: [(rank: UInt64, entry: Entry)] {
        (head..<entries.count).map { (baseRank + UInt64($0), entries[$0]) }
    }

    private mutating func add(_ entry: Entry) -> UInt64 {
        let rank = nextRank
        entries.append(entry)
        if retainedCount > limit { drop(retainedCount - limit) }
        return rank
    }

    /// Releases the item of the entry of `rank`, which is no longer its item's latest, pinning
    /// the entry when a deletion came after it.
    private mutating func supersede(_ rank: UInt64?) {
        guard let rank, rank >= firstRetainedRank else { return }
        entries[Int(rank - baseRank)].item = nil
        entries[Int(rank - baseRank)].isPinned = lastDeletionRank > rank
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
