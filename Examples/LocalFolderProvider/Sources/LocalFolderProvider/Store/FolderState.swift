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
    var records: [ItemIdentifier: ItemRecord] = [:]
    var tombstones: [ItemIdentifier: UInt64] = [:]

    init(epoch: UInt64) {
        self.epoch = epoch
    }

    /// Applies a transaction; applying it again changes nothing.
    mutating func apply(_ transaction: Transaction) {
        for record in transaction.records {
            records[record.identifier] = record
        }
        for removal in transaction.removals {
            records[removal.identifier] = nil
            tombstones[removal.identifier] = removal.rank
        }
        lastRank = max(lastRank, transaction.lastRank)
        nextSerial = max(nextSerial, transaction.nextSerial)
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
        records.values.filter { $0.parent == container }
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
        records.values.first { $0.parent == parent && $0.filename == filename && $0.identifier != excluded }
    }

    /// Every item below `identifier`, children before grandchildren.
    func descendants(of identifier: ItemIdentifier) -> [ItemRecord] {
        var result: [ItemRecord] = []
        var pending = [identifier]
        while !pending.isEmpty {
            let children = records.values.filter { pending.contains($0.parent) }
            result += children
            pending = children.filter(\.isFolder).map(\.identifier)
        }
        return result
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
