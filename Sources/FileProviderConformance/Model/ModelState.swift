import FileProviderKit
import Foundation

/// The harness's own small model of a domain: what the provider should hold after the operations
/// of a randomized run, without the provider's versions (which only the provider knows).
struct ModelState {
    struct Item: Hashable {
        var parent: ItemIdentifier
        var name: String
        var isFolder: Bool
        var content: Data
    }

    let caseRule: FilenameCaseRule
    private(set) var items: [ItemIdentifier: Item] = [:]
    /// Identifiers in creation order, for resolving slots.
    private(set) var order: [ItemIdentifier] = []
    /// Identifiers of deleted items, for operations on deleted identifiers.
    private(set) var deleted: [ItemIdentifier] = []

    init(caseRule: FilenameCaseRule) {
        self.caseRule = caseRule
    }

    mutating func add(_ identifier: ItemIdentifier, _ item: Item) {
        if items.updateValue(item, forKey: identifier) == nil { order.append(identifier) }
    }

    mutating func update(_ identifier: ItemIdentifier, _ change: (inout Item) -> Void) {
        guard var item = items[identifier] else { return }
        change(&item)
        items[identifier] = item
    }

    /// Removes an item and everything below it.
    mutating func removeSubtree(_ identifier: ItemIdentifier) {
        let doomed = Set([identifier] + descendants(of: identifier))
        for gone in doomed {
            items[gone] = nil
        }
        order.removeAll { doomed.contains($0) }
        deleted += doomed.sorted()
    }

    func descendants(of identifier: ItemIdentifier) -> [ItemIdentifier] {
        var result: [ItemIdentifier] = []
        var pending = [identifier]
        while let next = pending.popLast() {
            let children = order.filter { items[$0]?.parent == next }
            result += children
            pending += children
        }
        return result
    }

    /// Whether the item or one of its ancestors is in the trash.
    func isInTrash(_ identifier: ItemIdentifier) -> Bool {
        var current = identifier
        var hops = 0
        while let item = items[current], hops <= items.count {
            if item.parent == .trashContainer { return true }
            current = item.parent
            hops += 1
        }
        return false
    }

    /// Whether `ancestor` is `identifier` or one of its ancestors.
    func isSelfOrAncestor(_ ancestor: ItemIdentifier, of identifier: ItemIdentifier) -> Bool {
        var current: ItemIdentifier? = identifier
        var hops = 0
        while let next = current, hops <= items.count + 1 {
            if next == ancestor { return true }
            current = items[next]?.parent
            hops += 1
        }
        return false
    }

    /// Whether an item other than `excluded` in `parent` has a name colliding with `name`.
    func collides(_ name: String, in parent: ItemIdentifier, excluding excluded: ItemIdentifier? = nil) -> Bool {
        let key = caseRule.collisionKey(for: name)
        return items.contains { identifier, item in
            identifier != excluded && item.parent == parent && caseRule.collisionKey(for: item.name) == key
        }
    }

    /// Items outside the trash, optionally files only, in creation order.
    func liveItems(filesOnly: Bool = false) -> [ItemIdentifier] {
        order.filter { identifier in
            guard let item = items[identifier], !filesOnly || !item.isFolder else { return false }
            return !isInTrash(identifier)
        }
    }

    /// The root and every folder outside the trash.
    func folders() -> [ItemIdentifier] {
        [.rootContainer] + order.filter { items[$0]?.isFolder == true && !isInTrash($0) }
    }

    /// Items directly in the trash.
    func trashed() -> [ItemIdentifier] {
        order.filter { items[$0]?.parent == .trashContainer }
    }

    /// The children of a folder.
    func children(of folder: ItemIdentifier) -> [ItemIdentifier] {
        order.filter { items[$0]?.parent == folder }
    }

    /// Resolves a slot against a list, or `nil` when the list is empty.
    static func pick(_ slot: Int, from candidates: [ItemIdentifier]) -> ItemIdentifier? {
        candidates.isEmpty ? nil : candidates[slot % candidates.count]
    }

    /// The names local operations draw from: few, so collisions are frequent, with case variants.
    static let names = ["a", "b", "A", "notes.txt", "NOTES.txt", "c", "photo.png", "d"]

    /// How many different contents the content slots stand for.
    static let contentVariety = 64

    /// The content a content slot stands for.
    static func content(_ slot: Int) -> Data { Data("content \(slot % contentVariety)".utf8) }
}
