import FileProviderKit

/// The store's change history: one entry per change, ranked 1, 2, 3 … without gaps.
///
/// Every change of an item appends an entry naming it, and the item's metadata revision becomes
/// the entry's rank, so the store can tell whether an entry is an item's latest (see
/// `StoreState.changes(from:limit:)`). Deletions append a tombstone entry. At most `limit`
/// entries are kept; the oldest are dropped first and anchors that need them expire. Ranks keep
/// growing across epoch resets, so revisions derived from them never repeat.
struct ChangeLog: Sendable {
    struct Entry: Hashable, Sendable {
        let identifier: ItemIdentifier
        let isDeletion: Bool
    }

    /// The most entries kept.
    let limit: Int
    private var entries: [Entry] = []
    /// The index in `entries` of the oldest retained entry; the ones before it are dropped and
    /// removed in bulk, so trimming costs O(1) amortized.
    private var head = 0
    /// The rank of `entries[0]`.
    private var baseRank: UInt64 = 1

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

    /// Appends an entry and returns its rank, dropping the oldest entry beyond the limit.
    @discardableResult
    mutating func append(_ identifier: ItemIdentifier, isDeletion: Bool = false) -> UInt64 {
        let rank = nextRank
        entries.append(Entry(identifier: identifier, isDeletion: isDeletion))
        if retainedCount > limit { drop(retainedCount - limit) }
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

    private mutating func drop(_ count: Int) {
        head += count
        if head >= 1024, head * 2 >= entries.count {
            entries.removeFirst(head)
            baseRank += UInt64(head)
            head = 0
        }
    }
}
