import FileProviderKit

/// The in-memory history behind ``ChangeJournal``: one entry per change, ranked 1, 2, 3 … without
/// gaps, at most `retention` of them.
///
/// An entry keeps its item only while it is the item's latest change: a later entry of the same
/// item (or its deletion) releases it, so whether an entry is current, and what it reports, cost
/// O(1). An entry a deletion followed before its item changed again is pinned: it reports the
/// item's latest state, so an item that left a folder is reported before the folder's deletion.
struct ChangeHistory: Sendable {
    struct Entry: Hashable, Sendable {
        let identifier: ItemIdentifier
        let isDeletion: Bool
        var item: ItemSnapshot?
        var isPinned = false
    }

    let retention: Int
    private(set) var entries: [Entry] = []
    private var head = 0
    private(set) var baseRank: UInt64
    private var latestRanks: [ItemIdentifier: UInt64] = [:]
    private var lastDeletionRank: UInt64 = 0

    init(retention: Int, firstRank: UInt64) {
        self.retention = max(1, retention)
        baseRank = firstRank
    }

    var nextRank: UInt64 { baseRank + UInt64(entries.count) }
    var firstRetainedRank: UInt64 { baseRank + UInt64(head) }
    var retainedCount: Int { entries.count - head }
    var retained: ArraySlice<Entry> { entries[head...] }

    func entry(at rank: UInt64) -> Entry? {
        guard rank >= firstRetainedRank, rank < nextRank else { return nil }
        return entries[Int(rank - baseRank)]
    }

    func latestRank(of identifier: ItemIdentifier) -> UInt64? {
        latestRanks[identifier]
    }

    func reportedItem(_ entry: Entry) -> ItemSnapshot? {
        if let item = entry.item { return item }
        guard entry.isPinned, let rank = latestRanks[entry.identifier] else { return nil }
        return self.entry(at: rank)?.item
    }

    mutating func append(_ item: ItemSnapshot) {
        supersede(latestRanks.updateValue(nextRank, forKey: item.itemIdentifier))
        add(Entry(identifier: item.itemIdentifier, isDeletion: false, item: item))
    }

    mutating func appendDeletion(of identifier: ItemIdentifier) {
        supersede(latestRanks.removeValue(forKey: identifier))
        lastDeletionRank = nextRank
        add(Entry(identifier: identifier, isDeletion: true, item: nil))
    }

    /// Appends an entry already superseded, as compaction wrote it.
    mutating func appendSuperseded(_ identifier: ItemIdentifier, pinned: Bool) {
        add(Entry(identifier: identifier, isDeletion: false, item: nil, isPinned: pinned))
    }

    /// Drops every entry: anchors from before expire; ranks go on from where they were.
    mutating func dropAll() {
        drop(retainedCount)
    }

    private mutating func add(_ entry: Entry) {
        entries.append(entry)
        if retainedCount > retention { drop(retainedCount - retention) }
    }

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
