import FileProviderKit
import Foundation

/// What a broken provider remembers of the items it has handed out, as a buggy provider's cache
/// would.
final class BugMemory: Sendable {
    private struct State {
        var items: [ItemIdentifier: ItemSnapshot] = [:]
        var enumerated: [ItemIdentifier: ItemSnapshot] = [:]
        var reportedContentVersions: [ItemIdentifier: Data] = [:]
        var createdChildren: [ItemIdentifier: Int] = [:]
        var localIdentifiers: Set<ItemIdentifier> = []
        var cachedFiles: [String: URL] = [:]
        var anchorsHandedOut: UInt64 = 0
        var listingAnchors: [ItemIdentifier: SyncAnchor] = [:]
        var lookups: UInt64 = 0
        var invalidated = false
        var fetched: Set<ItemIdentifier> = []
        var listed: Set<ItemIdentifier> = []
        var seenInTrash: Set<ItemIdentifier> = []
        var lastWritten: ItemIdentifier?
        var reportedDeletions: Set<ItemIdentifier> = []
    }

    /// For ``Bug/laterBatchesDropDescendants``: adds `identifiers` to the deletions reported so
    /// far and returns the ones reported before.
    func recordReportedDeletions(_ identifiers: [ItemIdentifier]) -> Set<ItemIdentifier> {
        state.withLock { state in
            let before = state.reportedDeletions
            state.reportedDeletions.formUnion(identifiers)
            return before
        }
    }

    /// For ``Bug/changeFeedLagsOneWrite``: the item the latest write through this provider touched.
    var lastWritten: ItemIdentifier? {
        get { state.withLock { $0.lastWritten } }
        set { state.withLock { $0.lastWritten = newValue } }
    }

    /// For ``Bug/trashListsRestored``: adds `identifiers` to the items ever listed in the trash
    /// and returns them all.
    func recordSeenInTrash(_ identifiers: [ItemIdentifier]) -> Set<ItemIdentifier> {
        state.withLock { state in
            state.seenInTrash.formUnion(identifiers)
            return state.seenInTrash
        }
    }

    private let state = LockedValue(State())

    /// Remembers `items` as the latest state of each.
    func record(_ items: [any FileProviderItem]) {
        state.withLock { state in
            for item in items { state.items[item.itemIdentifier] = ItemSnapshot(item) }
        }
    }

    /// Remembers `items` as the latest state an enumeration (a listing or a batch of changes)
    /// handed out of each.
    func recordEnumerated(_ items: [any FileProviderItem]) {
        state.withLock { state in
            for item in items { state.enumerated[item.itemIdentifier] = ItemSnapshot(item) }
        }
    }

    /// The latest state an enumeration handed out of `identifier`.
    func enumerated(_ identifier: ItemIdentifier) -> ItemSnapshot? {
        state.withLock { $0.enumerated[identifier] }
    }

    /// The latest state handed out of `identifier`.
    func item(_ identifier: ItemIdentifier) -> ItemSnapshot? {
        state.withLock { $0.items[identifier] }
    }

    /// The parent last handed out for `identifier`.
    func parent(of identifier: ItemIdentifier) -> ItemIdentifier? {
        item(identifier)?.parentItemIdentifier
    }

    /// Whether `item`'s content version differs from the one last reported as a change, recording it.
    func contentChangedSinceReported(_ item: any FileProviderItem) -> Bool {
        state.withLock { state in
            let previous = state.reportedContentVersions.updateValue(
                item.itemVersion.contentVersion,
                forKey: item.itemIdentifier
            )
            return previous != item.itemVersion.contentVersion
        }
    }

    /// Counts a child created in `parent` and remembers the child as made by this client.
    func recordCreation(of child: ItemIdentifier, in parent: ItemIdentifier) {
        state.withLock { state in
            state.createdChildren[parent, default: 0] += 1
            state.localIdentifiers.insert(child)
        }
    }

    /// The number of children created in `folder` through this provider instance.
    func createdChildren(of folder: ItemIdentifier) -> Int {
        state.withLock { $0.createdChildren[folder] ?? 0 }
    }

    /// Whether `identifier` was created through this provider instance.
    func isLocal(_ identifier: ItemIdentifier) -> Bool {
        state.withLock { $0.localIdentifiers.contains(identifier) }
    }

    /// The file cached under `key`, or `nil`.
    func cachedFile(_ key: String) -> URL? {
        state.withLock { $0.cachedFiles[key] }
    }

    /// Caches `url` under `key`.
    func cache(_ url: URL, as key: String) {
        state.withLock { $0.cachedFiles[key] = url }
    }

    /// A number that grows with every call.
    /// The anchor a container had when its listing last began.
    func listingAnchor(of container: ItemIdentifier) -> SyncAnchor? {
        state.withLock { $0.listingAnchors[container] }
    }

    /// Remembers `anchor` as the one `container` had when its listing began.
    func rememberListingAnchor(_ anchor: SyncAnchor, of container: ItemIdentifier) {
        state.withLock { $0.listingAnchors[container] = anchor }
    }

    func nextAnchorNumber() -> UInt64 {
        state.withLock { state in
            state.anchorsHandedOut += 1
            return state.anchorsHandedOut
        }
    }

    /// A number that grows with every lookup.
    func nextLookupNumber() -> UInt64 {
        state.withLock { state in
            state.lookups += 1
            return state.lookups
        }
    }

    /// For ``Bug/fetchReportsChange``: remembers that `identifier` was fetched.
    func recordFetch(of identifier: ItemIdentifier) {
        state.withLock { _ = $0.fetched.insert(identifier) }
    }

    /// For ``Bug/fetchReportsChange``: the fetched items `include` accepts, forgotten once taken.
    func takeFetched(where include: (ItemIdentifier) -> Bool) -> [ItemIdentifier] {
        state.withLock { state in
            let taken = state.fetched.filter(include)
            state.fetched.subtract(taken)
            return taken.sorted { $0.rawValue < $1.rawValue }
        }
    }

    /// For ``Bug/unvisitedFolderChangesDropped``: remembers that `container` was listed.
    func recordListing(of container: ItemIdentifier) {
        state.withLock { _ = $0.listed.insert(container) }
    }

    /// Whether this instance listed `container`.
    func wasListed(_ container: ItemIdentifier) -> Bool {
        state.withLock { $0.listed.contains(container) }
    }

    /// Whether an enumerator of this instance was invalidated.
    var invalidated: Bool {
        get { state.withLock { $0.invalidated } }
        set { state.withLock { $0.invalidated = newValue } }
    }
}
