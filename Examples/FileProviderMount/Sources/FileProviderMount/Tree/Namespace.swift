import FileProviderHost
import FileProviderKit

/// The mounted tree by name: every item below the root, indexed by identifier and, per folder,
/// by filename, so that resolving a path costs O(components) whatever the folders' sizes.
///
/// It mirrors the host's replica: built from it whole, then updated with each result the mount
/// applies (see `MountedDomain`).
struct Namespace: Sendable {
    private(set) var items: [ItemIdentifier: ItemSnapshot] = [:]
    private var childrenByName: [ItemIdentifier: [String: ItemIdentifier]] = [:]

    init() {}

    /// The tree below the root of `replica`, breadth first; the trash and items whose parent the
    /// replica does not hold are left out.
    init(replica: Replica) {
        var level: [ItemIdentifier] = [.rootContainer]
        while !level.isEmpty {
            var next: [ItemIdentifier] = []
            for parent in level {
                for child in replica.childIdentifiers(of: parent) {
                    guard let item = replica.item(child) else { continue }
                    upsert(item)
                    if item.contentType.isDirectory { next.append(child) }
                }
            }
            level = next
        }
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
