import FileProviderKit
import Foundation

/// The system's copy of one domain: every item it learnt from the provider, indexed by
/// identifier and by parent, and the sync anchor the next catch-up starts from.
///
/// A replica is a value. Looking an item up costs O(1) and listing a folder's children
/// O(children); applying an update costs O(1); removing an item costs O(descendants it holds).
/// Copying a replica is O(1) until one of the copies changes.
///
/// The replica stores what it needs compactly, about 150 bytes per item whatever the provider's
/// items share: each identifier once, interned as a 4-byte slot that the parent links and the
/// identifier index use, and the common properties in a fixed-size record from which
/// ``item(_:)`` rebuilds an equal ``ItemSnapshot``. An item with rarer properties set (tags,
/// user info, extended attributes, …) is kept whole.
///
/// An item may be held before its parent (a working-set listing is not ordered by depth, and the
/// working set may not contain every ancestor); it is then indexed under the parent's identifier
/// and found as soon as the parent arrives.
public struct Replica: Sendable {
    private var slots = IdentifierTable()
    private var records: [CompactItem] = []
    private var tree = ChildLists()
    private var wholeItems: [UInt32: ItemSnapshot] = [:]
    private var contentTypes = ContentTypeTable()

    /// Where the next change enumeration starts, or `nil` when the replica must be built again
    /// from a full listing (it was never synchronized, or its anchor expired).
    public var anchor: SyncAnchor?

    /// The number of items held.
    public private(set) var count = 0

    /// Creates an empty replica without an anchor.
    public init() {}

    /// Whether the replica holds no item.
    public var isEmpty: Bool { count == 0 }

    /// The item with `identifier`, or `nil` when the replica does not hold it.
    public func item(_ identifier: ItemIdentifier) -> ItemSnapshot? {
        guard let slot = heldSlot(of: identifier) else { return nil }
        return snapshot(at: slot)
    }

    /// Whether the replica holds an item with `identifier`.
    public func contains(_ identifier: ItemIdentifier) -> Bool {
        heldSlot(of: identifier) != nil
    }

    /// The identifiers of the items whose parent is `parent`, in no particular order.
    public func childIdentifiers(of parent: ItemIdentifier) -> Set<ItemIdentifier> {
        Set(childSlots(of: parent).map { slots[$0] })
    }

    /// The items whose parent is `parent`, sorted by identifier.
    public func children(of parent: ItemIdentifier) -> [ItemSnapshot] {
        sorted(childSlots(of: parent)).map(snapshot(at:))
    }

    /// The items below `ancestor` at any depth, parents before their children, each level
    /// sorted by identifier. `ancestor` itself is not included.
    public func descendants(of ancestor: ItemIdentifier) -> [ItemSnapshot] {
        var result: [ItemSnapshot] = []
        var level = childSlots(of: ancestor)
        while !level.isEmpty {
            let sortedLevel = sorted(level)
            result += sortedLevel.map(snapshot(at:))
            level = sortedLevel.flatMap { tree.children(of: $0) }
        }
        return result
    }

    /// Every item held, sorted by identifier: the whole tree, the trash and any item whose
    /// parent the replica does not hold.
    public var allItems: [ItemSnapshot] {
        sorted(heldSlots).map(snapshot(at:))
    }

    /// Adds an item, or replaces the item with its identifier (a move is a replacement with a
    /// new parent).
    ///
    /// - Returns: the item it replaced, if any.
    @discardableResult
    public mutating func upsert(_ item: ItemSnapshot) -> ItemSnapshot? {
        let previous = self.item(item.itemIdentifier)
        store(item)
        return previous
    }

    /// Removes an item and every descendant the replica holds. Removing an identifier the replica
    /// does not hold removes only the descendants it holds under it, if any.
    ///
    /// - Returns: the identifiers of the items removed, the item itself first.
    @discardableResult
    public mutating func remove(_ identifier: ItemIdentifier) -> [ItemIdentifier] {
        guard let slot = slots.slot(of: identifier) else { return [] }
        var removed: [ItemIdentifier] = []
        if records[Int(slot)].flags.contains(.held) {
            removed.append(identifier)
            let parent = tree.parent(of: slot)
            drop(slot)
            if parent != slot { releaseIfUnused(parent) }
        }
        var pending = [slot]
        while let parent = pending.popLast() {
            while let child = tree.firstChild(of: parent) {
                removed.append(slots[child])
                drop(child)
                pending.append(child)
            }
            releaseIfUnused(parent)
        }
        return removed
    }

    /// How the replica differs from `listing`, a complete listing of the same items (for example
    /// a fresh listing of the working set). Duplicates in `listing` count once, the last wins.
    public func difference(from listing: some Sequence<ItemSnapshot>) -> ReplicaDifference {
        var missing: [ItemSnapshot] = []
        var mismatched: [ReplicaDifference.Mismatch] = []
        var latest: [ItemIdentifier: ItemSnapshot] = [:]
        for item in listing {
            latest[item.itemIdentifier] = item
        }
        for (identifier, expected) in latest {
            if let held = item(identifier) {
                if held != expected { mismatched.append(.init(held: held, listed: expected)) }
            } else {
                missing.append(expected)
            }
        }
        let unexpected =
            latest.count - missing.count == count
            ? [] : heldSlots.map { slots[$0] }.filter { latest[$0] == nil }.sorted()
        missing.sort { $0.itemIdentifier < $1.itemIdentifier }
        mismatched.sort { $0.held.itemIdentifier < $1.held.itemIdentifier }
        return ReplicaDifference(missing: missing, unexpected: unexpected, mismatched: mismatched)
    }

    /// Adds an item, or replaces the item with its identifier, without rebuilding the one it
    /// replaces.
    ///
    /// - Returns: whether the replica held an item with its identifier.
    @discardableResult
    mutating func store(_ item: ItemSnapshot) -> Bool {
        store(item, slot: intern(item.itemIdentifier))
    }

    /// Stores the items of one page of a listing, in order, as ``store(_:)`` does, faster.
    ///
    /// - Returns: the positions in `page` of the items whose identifier the replica already held.
    mutating func store(page: [ItemSnapshot]) -> [Int] {
        let hints = slots.hints(for: page.lazy.map(\.itemIdentifier))
        var held: [Int] = []
        for (position, item) in page.enumerated() {
            let slot = intern(item.itemIdentifier, hint: hints[position])
            if store(item, slot: slot) { held.append(position) }
        }
        return held
    }

    private mutating func store(_ item: ItemSnapshot, slot: UInt32) -> Bool {
        let parent = intern(item.parentItemIdentifier)
        let held = records[Int(slot)].flags.contains(.held)
        if held {
            let previousParent = tree.parent(of: slot)
            if previousParent != parent {
                tree.detach(slot)
                tree.attach(slot, to: parent)
                releaseIfUnused(previousParent)
            }
            if records[Int(slot)].flags.contains(.whole) { wholeItems[slot] = nil }
        } else {
            tree.attach(slot, to: parent)
            count += 1
        }
        if let type = contentTypes.index(of: item.contentType),
            let record = CompactItem(item, contentType: type, kind: contentTypes.kind(type).union(.held))
        {
            records[Int(slot)] = record
        } else {
            records[Int(slot)] = CompactItem(kind: ContentTypeTable.kind(of: item.contentType).union([.held, .whole]))
            wholeItems[slot] = item
        }
        return held
    }

    /// Whether `item` would change the held item with its identifier between directory and
    /// non-directory, or symbolic link and not; `false` when the replica does not hold it.
    func changesKind(_ item: ItemSnapshot) -> Bool {
        guard let slot = heldSlot(of: item.itemIdentifier) else { return false }
        let record = records[Int(slot)]
        if !record.flags.contains(.whole), contentTypes.holds(item.contentType, at: record.contentType) {
            return false
        }
        return record.flags.intersection([.isDirectory, .isSymbolicLink]) != ContentTypeTable.kind(of: item.contentType)
    }

    /// The content version of the item with `identifier`, or `nil` when the replica does not
    /// hold it.
    func contentVersion(of identifier: ItemIdentifier) -> Data? {
        guard let slot = heldSlot(of: identifier) else { return nil }
        return snapshotIfWhole(slot)?.itemVersion.contentVersion ?? records[Int(slot)].itemVersion.contentVersion
    }

    /// Makes room for `capacity` items (and parents) without growing again.
    mutating func reserveCapacity(_ capacity: Int) {
        slots.reserveCapacity(capacity)
        records.reserveCapacity(capacity)
        tree.reserveCapacity(capacity)
    }

    /// Drops the spare capacity that growing item by item left, once a listing is complete.
    mutating func shrinkToFit() {
        slots.shrinkToFit()
        records = records.withUnsafeBufferPointer { Array($0) }
        tree.shrinkToFit()
    }

    private func heldSlot(of identifier: ItemIdentifier) -> UInt32? {
        guard let slot = slots.slot(of: identifier), records[Int(slot)].flags.contains(.held) else { return nil }
        return slot
    }

    private func childSlots(of parent: ItemIdentifier) -> [UInt32] {
        slots.slot(of: parent).map { tree.children(of: $0) } ?? []
    }

    private var heldSlots: [UInt32] {
        (0..<UInt32(slots.slotCount)).filter { records[Int($0)].flags.contains(.held) }
    }

    private func sorted(_ slotList: [UInt32]) -> [UInt32] {
        slotList.sorted { slots[$0] < slots[$1] }
    }

    private func snapshot(at slot: UInt32) -> ItemSnapshot {
        if let whole = snapshotIfWhole(slot) { return whole }
        let record = records[Int(slot)]
        return record.snapshot(
            identifier: slots[slot],
            parent: slots[tree.parent(of: slot)],
            contentType: contentTypes[record.contentType]
        )
    }

    /// The item in `slot` when the replica keeps it whole.
    private func snapshotIfWhole(_ slot: UInt32) -> ItemSnapshot? {
        records[Int(slot)].flags.contains(.whole) ? wholeItems[slot] : nil
    }

    /// The slot of `identifier`, interned with an empty record if new (with `hint` from
    /// `IdentifierTable.hints(for:)` if given).
    private mutating func intern(_ identifier: ItemIdentifier, hint: UInt64? = nil) -> UInt32 {
        let (slot, inserted) = hint.map { slots.intern(identifier, hint: $0) } ?? slots.intern(identifier)
        if inserted, Int(slot) == records.count {
            records.append(.empty)
            tree.appendSlot()
        }
        return slot
    }

    /// Forgets the item in `slot`, detaching it from its parent; its children stay attached.
    private mutating func drop(_ slot: UInt32) {
        tree.detach(slot)
        if records[Int(slot)].flags.contains(.whole) { wholeItems[slot] = nil }
        records[Int(slot)] = .empty
        count -= 1
    }

    /// Releases `slot` when it holds no item and has no children.
    private mutating func releaseIfUnused(_ slot: UInt32) {
        guard slot != IdentifierTable.none, !records[Int(slot)].flags.contains(.held),
            tree.firstChild(of: slot) == nil
        else { return }
        slots.release(slot)
    }
}
