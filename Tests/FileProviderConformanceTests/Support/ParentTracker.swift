import FileProviderKit

/// What a broken provider remembers of the parents it has reported, as a buggy provider's cache
/// would.
final class ParentTracker: Sendable {
    private let parents = LockedValue<[ItemIdentifier: ItemIdentifier]>([:])

    func record(_ items: [any FileProviderItem]) {
        parents.withLock { parents in
            for item in items {
                parents[item.itemIdentifier] = item.parentItemIdentifier
            }
        }
    }

    func parent(of identifier: ItemIdentifier) -> ItemIdentifier? {
        parents.withLock { $0[identifier] }
    }
}
