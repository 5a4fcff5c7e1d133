import FileProviderKit
import Foundation

/// Everything the provider persists: the items, the deletions it still reports, and the counters
/// that order changes and name new items.
///
/// Every change gets the next rank; an item's record keeps the rank of its latest change, and a
/// deleted item leaves a tombstone with the rank of its deletion. The changes since an anchor are
/// the records and tombstones ranked after it, so a change is never missed and an item is never
/// both updated and deleted. Tombstones beyond ``retainedDeletions`` are dropped, oldest first,
/// and anchors from before them expire.
///
/// Indexes by container, by name and by place and file on disk are kept beside the records (never
/// persisted, rebuilt on decoding), so looking up a child, listing a folder or matching a scanned
/// entry costs the size of the answer, not the number of items.
struct FolderState: Codable, Sendable {
    static let formatVersion = 1
    static let retainedDeletions = 10_000

    var formatVersion = FolderState.formatVersion
    /// Chosen when the state folder is created; tokens of another epoch have expired.
    var epoch: UInt64
    var lastRank: UInt64 = 0
    var nextSerial: UInt64 = 1
    /// Counts the times the state was opened. Identifiers carry it, so one minted by an operation
    /// that a crash cut short before it was journaled is never minted again.
    var session: UInt64 = 0
    /// Anchors ranked before this have expired (their deletions were dropped).
    var historyFloor: UInt64 = 0
    private(set) var records: [ItemIdentifier: ItemRecord] = [:]
    var tombstones: [ItemIdentifier: UInt64] = [:]
    private var index = FolderIndex()
    /// Counts the transactions applied since the state was loaded (not persisted): what caches
    /// of the state compare to know they are current.
    private(set) var changeCount = 0

    private enum CodingKeys: String, CodingKey {
        case formatVersion, epoch, lastRank, nextSerial, session, historyFloor, records, tombstones
    }

    init(epoch: UInt64) {
        self.epoch = epoch
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        epoch = try container.decode(UInt64.self, forKey: .epoch)
        lastRank = try container.decode(UInt64.self, forKey: .lastRank)
        nextSerial = try container.decode(UInt64.self, forKey: .nextSerial)
        session = try container.decode(UInt64.self, forKey: .session)
        historyFloor = try container.decode(UInt64.self, forKey: .historyFloor)
        records = try container.decode([ItemIdentifier: ItemRecord].self, forKey: .records)
        tombstones = try container.decode([ItemIdentifier: UInt64].self, forKey: .tombstones)
        for record in records.values { index.insert(record) }
    }

    /// Applies a transaction; applying it again changes nothing.
    mutating func apply(_ transaction: Transaction) {
        changeCount += 1
        for record in transaction.records {
            if let old = records.updateValue(record, forKey: record.identifier) { index.remove(old) }
            index.insert(record)
        }
        for removal in transaction.removals {
            if let old = records.removeValue(forKey: removal.identifier) { index.remove(old) }
            tombstones[removal.identifier] = removal.rank
        }
        lastRank = max(lastRank, transaction.lastRank)
        nextSerial = max(nextSerial, transaction.nextSerial)
        session = max(session, transaction.session ?? 0)
        if tombstones.count > Self.retainedDeletions {
            let dropped = tombstones.sorted { $0.value < $1.value }.prefix(tombstones.count - Self.retainedDeletions)
            for (identifier, rank) in dropped {
                tombstones[identifier] = nil
                historyFloor = max(historyFloor, rank)
            }
        }
    }

    // MARK: Queries

    /// The items directly in `container`.
    func children(of container: ItemIdentifier) -> [ItemRecord] {
        index.children[container, default: []].compactMap { records[$0] }
    }

    /// The item in `parent` whose name is `filename`, other than `excluded`. Names compare as
    /// Swift strings do (canonically equivalent names are equal), case-sensitively.
    func child(
        named filename: String,
        in parent: ItemIdentifier,
        excluding excluded: ItemIdentifier? = nil
    )
        -> ItemRecord?
    {
        index.named[FolderIndex.Name(parent: parent, filename: filename), default: []]
            .lazy.compactMap { records[$0] }.first { $0.identifier != excluded }
    }

    /// Every item below `identifier`, children before grandchildren.
    func descendants(of identifier: ItemIdentifier) -> [ItemRecord] {
        var result: [ItemRecord] = []
        var pending = [identifier]
        while !pending.isEmpty {
            let found = pending.flatMap { self.children(of: $0) }
            result += found
            pending = found.filter(\.isFolder).map(\.identifier)
        }
        return result
    }

    /// The items whose latest change is ranked after `rank`, in the order of those changes. Costs
    /// the number of ranks since `rank` when they are fewer than the items (a recent anchor), the
    /// number of items otherwise.
    func records(changedAfter rank: UInt64) -> [ItemRecord] {
        guard rank < lastRank else { return [] }
        if lastRank - rank < UInt64(records.count) {
            return ((rank + 1)...lastRank).flatMap { index.ranked[$0, default: []].compactMap { records[$0] } }
        }
        return records.values.filter { $0.metadataRevision > rank }.sorted { $0.metadataRevision < $1.metadataRevision }
    }

    /// The item whose entry on disk is `diskName` in `parent`: the entry of exactly that name, not
    /// one whose name is only canonically equivalent.
    func record(at diskName: EntryName, in parent: ItemIdentifier) -> ItemRecord? {
        index.placed[FolderIndex.Place(parent: parent, diskName: diskName)].flatMap { records[$0] }
    }

    /// The item recorded as the file or folder `identity`.
    func record(of identity: FileIdentity) -> ItemRecord? {
        index.identified[identity].flatMap { records[$0] }
    }

    /// Whether `ancestor` is `identifier` or one of its ancestors.
    func isSelfOrAncestor(_ ancestor: ItemIdentifier, of identifier: ItemIdentifier) -> Bool {
        var current = identifier
        for _ in 0...records.count {
            if current == ancestor { return true }
            guard let record = records[current] else { return false }
            current = record.parent
        }
        return false
    }

    /// The folders above `record`, its parent first, and the reserved container at the top (the
    /// root, the trash, or another reserved identifier); `nil` when a folder on the way is not
    /// recorded, or the parents loop. Costs the item's depth.
    func ancestry(of record: ItemRecord) -> (folders: [ItemRecord], top: ItemIdentifier)? {
        var folders: [ItemRecord] = []
        var current = record.parent
        while !current.isReservedContainer {
            guard let parent = records[current], folders.count < records.count else { return nil }
            folders.append(parent)
            current = parent.parent
        }
        return (folders, current)
    }

    /// The number of folders between an item and the root or the trash.
    func depth(of identifier: ItemIdentifier) -> Int {
        var depth = 0
        var current = records[identifier]?.parent
        while let parent = current, let record = records[parent], depth <= records.count {
            depth += 1
            current = record.parent
        }
        return depth
    }

    /// Whether `identifier` names a container items can be in: the root, the trash or a folder.
    func isContainer(_ identifier: ItemIdentifier) -> Bool {
        identifier == .rootContainer || identifier == .trashContainer || records[identifier]?.isFolder == true
    }

    /// A new identifier, never handed out before: the store's epoch, the session and a serial
    /// number.
    mutating func makeIdentifier() -> ItemIdentifier {
        defer { nextSerial += 1 }
        return ItemIdentifier("\(String(epoch, radix: 16)).\(session).\(nextSerial)")
    }

    /// The next rank.
    mutating func nextRank() -> UInt64 {
        lastRank += 1
        return lastRank
    }
}
