import FileProviderHost
import FileProviderKit

/// The mounted tree by name: every item below the root, indexed by identifier and, per folder,
/// by filename, so that resolving a path costs O(components) whatever the folders' sizes.
///
/// It mirrors the host's replica: built from it whole after a listing, then updated with each
/// result the mount applies and with the items each catch-up reports (see `MountedDomain`).
struct Namespace: Sendable {
    private(set) var items: [ItemIdentifier: ItemSnapshot] = [:]
    private var childrenByName: [ItemIdentifier: [String: ItemIdentifier]] = [:]

    init() {}

    /// The tree below the root of `replica`, breadth first; the trash and items whose parent the
    /// replica does not hold are left out.
    init(replica: Replica) {
        insertSubtree(below: .rootContainer, from: replica)
    }

    /// Brings each item of `identifiers` to what `replica` holds of it — in the order given, each
    /// once — as a rebuild from `replica` would: an item the replica holds is upserted, with
    /// everything the replica holds below it when it is a folder that was not in the tree; one it
    /// does not hold is removed with its subtree. Costs the items named and the subtrees added
    /// or removed, not the size of the tree.
    ///
    /// - Returns: the paths that changed, as ``changedPaths(from:to:)`` reports them, for these
    ///   items and the subtrees added or removed.
    mutating func update(_ identifiers: [ItemIdentifier], from replica: Replica) -> Set<String> {
        var paths: Set<String> = []
        var seen: Set<ItemIdentifier> = []
        for identifier in identifiers where seen.insert(identifier).inserted && !identifier.isReservedContainer {
            let wasHeld = items[identifier] != nil
            let item = replica.item(identifier)
            let staysInTree = item.map {
                $0.parentItemIdentifier == .rootContainer || items[$0.parentItemIdentifier] != nil
            }
            if wasHeld {
                let leaving = staysInTree == true ? [identifier] : [identifier] + descendants(of: identifier)
                for identifier in leaving { notePaths(of: identifier, into: &paths) }
            }
            guard let item else {
                remove(identifier)
                continue
            }
            upsert(item)
            guard items[identifier] != nil else { continue }
            notePaths(of: identifier, into: &paths)
            if !wasHeld, item.contentType.isDirectory {
                for added in insertSubtree(below: identifier, from: replica) { notePaths(of: added, into: &paths) }
            }
        }
        return paths
    }

    /// Upserts everything `replica` holds below `parent`, breadth first.
    ///
    /// - Returns: the identifiers inserted.
    @discardableResult
    private mutating func insertSubtree(below parent: ItemIdentifier, from replica: Replica) -> [ItemIdentifier] {
        var inserted: [ItemIdentifier] = []
        var level = [parent]
        while !level.isEmpty {
            var next: [ItemIdentifier] = []
            for parent in level {
                for child in replica.childIdentifiers(of: parent) {
                    guard let item = replica.item(child) else { continue }
                    upsert(item)
                    inserted.append(child)
                    if item.contentType.isDirectory { next.append(child) }
                }
            }
            level = next
        }
        return inserted
    }

    /// Every item below `folder` in the tree, children before grandchildren.
    private func descendants(of folder: ItemIdentifier) -> [ItemIdentifier] {
        var found: [ItemIdentifier] = []
        var level = [folder]
        while !level.isEmpty {
            level = level.flatMap { childrenByName[$0].map { Array($0.values) } ?? [] }
            found += level
        }
        return found
    }

    /// Adds the path of `identifier` and of its folder to `paths`.
    private func notePaths(of identifier: ItemIdentifier, into paths: inout Set<String>) {
        guard let item = items[identifier] else { return }
        if let path = path(of: identifier) { paths.insert(path) }
        if let parent = path(of: item.parentItemIdentifier) { paths.insert(parent) }
    }

    /// The identifier at `path` ("/" or "/a/b"), or `nil`.
    func identifier(at path: Substring) -> ItemIdentifier? {
        var current = ItemIdentifier.rootContainer
        for component in path.split(separator: "/") {
            guard let child = childrenByName[current]?[String(component)] else { return nil }
            current = child
        }
        return current
    }

    /// The item with `identifier`, or `nil` (the root is not held).
    func item(_ identifier: ItemIdentifier) -> ItemSnapshot? {
        items[identifier]
    }

    /// The child of `parent` named `filename`, or `nil`.
    func child(named filename: String, of parent: ItemIdentifier) -> ItemIdentifier? {
        childrenByName[parent]?[filename]
    }

    /// Whether `folder` has any child.
    func hasChildren(_ folder: ItemIdentifier) -> Bool {
        childrenByName[folder]?.isEmpty == false
    }

    /// The path of `identifier` ("/" for the root, "/a/b"), or `nil` when it is not in the tree.
    func path(of identifier: ItemIdentifier) -> String? {
        var components: [String] = []
        var current = identifier
        while current != .rootContainer {
            guard let item = items[current] else { return nil }
            components.append(item.filename)
            current = item.parentItemIdentifier
        }
        return "/" + components.reversed().joined(separator: "/")
    }

    /// The paths whose entries or attributes differ between `old` and `new`: every item added,
    /// removed, moved, renamed or changed, at its old and its new path, and the folders holding
    /// them. O(items of both).
    static func changedPaths(from old: Namespace, to new: Namespace) -> Set<String> {
        var paths: Set<String> = []
        func note(_ item: ItemSnapshot, in namespace: Namespace) {
            if let path = namespace.path(of: item.itemIdentifier) { paths.insert(path) }
            if let parent = namespace.path(of: item.parentItemIdentifier) { paths.insert(parent) }
        }
        for (identifier, item) in old.items where new.items[identifier] != item { note(item, in: old) }
        for (identifier, item) in new.items where old.items[identifier] != item { note(item, in: new) }
        return paths
    }

    /// The children of `folder`, sorted by filename.
    func children(of folder: ItemIdentifier) -> [ItemSnapshot] {
        (childrenByName[folder] ?? [:]).sorted { $0.key < $1.key }.compactMap { items[$0.value] }
    }

    /// Adds or replaces an item; a new parent or filename moves it. Items outside the tree (in the
    /// trash, or under a parent the mount does not hold) are removed instead.
    mutating func upsert(_ item: ItemSnapshot) {
        let identifier = item.itemIdentifier
        guard item.parentItemIdentifier == .rootContainer || items[item.parentItemIdentifier] != nil else {
            remove(identifier)
            return
        }
        if let previous = items[identifier] {
            if childrenByName[previous.parentItemIdentifier]?[previous.filename] == identifier {
                childrenByName[previous.parentItemIdentifier]?[previous.filename] = nil
            }
        }
        items[identifier] = item
        childrenByName[item.parentItemIdentifier, default: [:]][item.filename] = identifier
    }

    /// Removes an item and everything below it.
    mutating func remove(_ identifier: ItemIdentifier) {
        if let item = items.removeValue(forKey: identifier),
            childrenByName[item.parentItemIdentifier]?[item.filename] == identifier
        {
            childrenByName[item.parentItemIdentifier]?[item.filename] = nil
        }
        var pending = [identifier]
        while let folder = pending.popLast() {
            guard let children = childrenByName.removeValue(forKey: folder) else { continue }
            for child in children.values where items.removeValue(forKey: child) != nil {
                pending.append(child)
            }
        }
    }
}
