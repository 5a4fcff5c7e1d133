import FileProviderKit

/// The system's copy of one domain: every item it learnt from the provider, indexed by
/// identifier and by parent, and the sync anchor the next catch-up starts from.
///
/// A replica is a value. Looking an item up and listing a folder's children cost O(1) and
/// O(children); applying an update costs O(1); removing an item costs O(descendants it holds).
/// The replica stores each item once: copying an `ItemSnapshot` shares its storage, so the
/// replica adds two dictionary entries and one set entry per item to what the provider already
/// holds.
///
/// An item may be held before its parent (a working-set listing is not ordered by depth, and the
/// working set may not contain every ancestor); it is then indexed under the parent's identifier
/// and found as soon as the parent arrives.
public struct Replica: Sendable {
    private var itemsByIdentifier: [ItemIdentifier: ItemSnapshot] = [:]
    private var childrenByParent: [ItemIdentifier: Set<ItemIdentifier>] = [:]

    /// Where the next change enumeration starts, or `nil` when the replica must be built again
    /// from a full listing (it was never synchronized, or its anchor expired).
    public var anchor: SyncAnchor?

    /// Creates an empty replica without an anchor.
    public init() {}

    /// The number of items held.
    public var count: Int { itemsByIdentifier.count }

    /// Whether the replica holds no item.
    public var isEmpty: Bool { itemsByIdentifier.isEmpty }

    /// The item with `identifier`, or `nil` when the replica does not hold it.
    public func item(_ identifier: ItemIdentifier) -> ItemSnapshot? {
        itemsByIdentifier[identifier]
    }

    /// Whether the replica holds an item with `identifier`.
    public func contains(_ identifier: ItemIdentifier) -> Bool {
        itemsByIdentifier[identifier] != nil
    }

    /// The identifiers of the items whose parent is `parent`, in no particular order.
    public func childIdentifiers(of parent: ItemIdentifier) -> Set<ItemIdentifier> {
        childrenByParent[parent] ?? []
    }

    /// The items whose parent is `parent`, sorted by identifier.
    public func children(of parent: ItemIdentifier) -> [ItemSnapshot] {
        childIdentifiers(of: parent).sorted().compactMap { itemsByIdentifier[$0] }
    }

    /// The items below `ancestor` at any depth, parents before their children, each level
    /// sorted by identifier. `ancestor` itself is not included.
    public func descendants(of ancestor: ItemIdentifier) -> [ItemSnapshot] {
        var result: [ItemSnapshot] = []
        var level = [ancestor]
        while !level.isEmpty {
            let next = level.flatMap { childIdentifiers(of: $0).sorted() }
            result += next.compactMap { itemsByIdentifier[$0] }
            level = next
        }
        return result
    }

    /// Every item held, sorted by identifier: the whole tree, the trash and any item whose
    /// parent the replica does not hold.
    public var allItems: [ItemSnapshot] {
        itemsByIdentifier.keys.sorted().compactMap { itemsByIdentifier[$0] }
    }

    /// Adds an item, or replaces the item with its identifier (a move is a replacement with a
    /// new parent).
    ///
    /// - Returns: the item it replaced, if any.
    @discardableResult
    public mutating func upsert(_ item: ItemSnapshot) -> ItemSnapshot? {
        let identifier = item.itemIdentifier
        let previous = itemsByIdentifier.updateValue(item, forKey: identifier)
        if let previous, previous.parentItemIdentifier != item.parentItemIdentifier {
            detach(identifier, from: previous.parentItemIdentifier)
        }
        if previous?.parentItemIdentifier != item.parentItemIdentifier {
            childrenByParent[item.parentItemIdentifier, default: []].insert(identifier)
        }
        return previous
    }

    /// Removes an item and every descendant the replica holds. Removing an identifier the replica
    /// does not hold removes only the descendants it holds under it, if any.
    ///
    /// - Returns: the identifiers of the items removed, the item itself first.
    @discardableResult
    public mutating func remove(_ identifier: ItemIdentifier) -> [ItemIdentifier] {
        var removed: [ItemIdentifier] = []
        if let item = itemsByIdentifier.removeValue(forKey: identifier) {
            detach(identifier, from: item.parentItemIdentifier)
            removed.append(identifier)
        }
        var pending = [identifier]
        while let parent = pending.popLast() {
            guard let children = childrenByParent.removeValue(forKey: parent) else { continue }
            for child in children where itemsByIdentifier.removeValue(forKey: child) != nil {
                removed.append(child)
                pending.append(child)
            }
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
            if let held = itemsByIdentifier[identifier] {
                if held != expected { mismatched.append(.init(held: held, listed: expected)) }
            } else {
                missing.append(expected)
            }
        }
        let unexpected =
            latest.count - missing.count == itemsByIdentifier.count
            ? [] : itemsByIdentifier.keys.filter { latest[$0] == nil }.sorted()
        missing.sort { $0.itemIdentifier < $1.itemIdentifier }
        mismatched.sort { $0.held.itemIdentifier < $1.held.itemIdentifier }
        return ReplicaDifference(missing: missing, unexpected: unexpected, mismatched: mismatched)
    }

    private mutating func detach(_ identifier: ItemIdentifier, from parent: ItemIdentifier) {
        childrenByParent[parent]?.remove(identifier)
        if childrenByParent[parent]?.isEmpty == true {
            childrenByParent[parent] = nil
        }
    }
}
