import FileProviderBackendSupport
import FileProviderKit
import Foundation
import Synchronization

/// The provider's state over one bucket: the items' metadata, their keys, the change history and
/// the moves in flight, each kept by one of FileProviderBackendSupport's building blocks in a
/// state folder of the provider's own.
///
/// Layout in the bucket: a file is the object at its key; a folder is a marker object at its key
/// followed by `/` (S3 has no folders, only prefixes); every object carries its item's identifier
/// in the `x-amz-meta-fpk-id` header. A key is the parent's key, `/`, and the filename; top-level
/// items have their filename as key.
///
/// Every operation changes the bucket first and the bookkeeping after, each bookkeeping step a
/// durable record: the ``IdentifierMap`` (keys), the items journal (metadata and versions), then the
/// ``ChangeJournal``; moves of many keys go through ``KeyMove`` and its ``OperationJournal``.
final class ObjectStore: Sendable {
    struct State: Sendable {
        var items: [ItemIdentifier: ItemSnapshot] = [:]
        /// Each container's children by name, for collision checks in O(1).
        var names: [ItemIdentifier: [String: ItemIdentifier]] = [:]
        var rank: UInt64 = 0
        var records = 0
        /// Sorted listings of the containers listed since the last change.
        var listings: [ListingCacheKey: SortedListing] = [:]
    }

    struct ListingCacheKey: Hashable, Sendable {
        var container: ItemIdentifier
        var order: ListingOrder
    }

    let client: S3Client
    let identifiers: IdentifierMap
    let changes: ChangeJournal
    let operations: OperationJournal<KeyMove>
    private let itemsJournal: RecordJournal<ItemsRecord>
    let state: Mutex<State>

    /// Opens the state in `folder` (created when missing) over `client`'s bucket and settles the
    /// moves a crash left open.
    static func open(folder: URL, client: S3Client) async throws -> ObjectStore {
        let store = try ObjectStore(folder: folder, client: client)
        try await store.recover()
        return store
    }

    private init(folder: URL, client: S3Client) throws {
        self.client = client
        identifiers = try IdentifierMap(journalAt: folder.appendingPathComponent("identifiers.journal"))
        changes = try ChangeJournal(journalAt: folder.appendingPathComponent("changes.journal"))
        operations = try OperationJournal(journalAt: folder.appendingPathComponent("operations.journal"))
        itemsJournal = try RecordJournal(url: folder.appendingPathComponent("items.journal"))
        var loaded = State()
        for record in try itemsJournal.load() {
            loaded.records += 1
            switch record {
            case .put(let items, let rank):
                for item in items { Self.store(item, in: &loaded) }
                loaded.rank = max(loaded.rank, rank)
            case .remove(let identifiers):
                for identifier in identifiers { Self.forget(identifier, in: &loaded) }
            case .snapshot(let items, let rank):
                loaded.items = [:]
                loaded.names = [:]
                for item in items { Self.store(item, in: &loaded) }
                loaded.rank = max(loaded.rank, rank)
            }
        }
        state = Mutex(loaded)
    }

    // MARK: Queries

    func item(_ identifier: ItemIdentifier) -> ItemSnapshot? {
        state.withLock { $0.items[identifier] }
    }

    var allItems: [ItemSnapshot] { state.withLock { Array($0.items.values) } }

    /// The key of a container's children's prefix: empty for the root, the folder's key and `/`.
    func prefix(of container: ItemIdentifier) throws -> String {
        if container == .rootContainer { return "" }
        guard let key = identifiers.key(for: container) else {
            throw FileProviderError.nonExistentItem(withIdentifier: container)
        }
        return key + "/"
    }

    /// The object that holds an item: its key, with `/` for a folder's marker.
    func objectKey(_ key: String, isFolder: Bool) -> String {
        isFolder ? key + "/" : key
    }

    func isContainer(_ identifier: ItemIdentifier) -> Bool {
        identifier == .rootContainer || item(identifier)?.contentType.isDirectory == true
    }

    /// Whether `ancestor` is `identifier` or above it.
    func isSelfOrAncestor(_ ancestor: ItemIdentifier, of identifier: ItemIdentifier) -> Bool {
        var current = identifier
        let items = state.withLock { $0.items }
        for _ in 0...items.count {
            if current == ancestor { return true }
            guard let item = items[current] else { return false }
            current = item.parentItemIdentifier
        }
        return false
    }

    /// The items below `identifier`, every depth.
    func descendants(of identifier: ItemIdentifier) -> [ItemSnapshot] {
        guard let key = identifiers.key(for: identifier) else { return [] }
        return identifiers.descendants(of: key).compactMap { identifiers.identifier(forKey: $0).flatMap(item) }
    }

    // MARK: Bookkeeping

    /// The next revision.
    func nextRank() -> UInt64 {
        state.withLock {
            $0.rank += 1
            return $0.rank
        }
    }

    /// Stores items and removes others, durably, then records the change; clears the listings.
    /// The record is written before the state changes in place (no copy of the items: O(changed)
    /// per call besides the journal).
    func commit(put: [ItemSnapshot] = [], remove: [ItemIdentifier] = []) throws {
        try state.withLock { state in
            if !put.isEmpty { try itemsJournal.append(.put(put, rank: state.rank)) }
            if !remove.isEmpty { try itemsJournal.append(.remove(remove)) }
            state.listings = [:]
            state.records += 1
            for item in put { Self.store(item, in: &state) }
            for identifier in remove { Self.forget(identifier, in: &state) }
            if state.records > 256, state.records > 2 * state.items.count,
                (try? itemsJournal.rewrite([.snapshot(Array(state.items.values), rank: state.rank)])) != nil
            {
                state.records = 1
            }
        }
        try changes.record(updated: put, deleted: remove)
    }

    /// The child of `parent` named `filename` — compared as Swift compares strings, so
    /// canonically equivalent names match — other than `excluded`: O(1).
    func child(
        named filename: String,
        in parent: ItemIdentifier,
        excluding excluded: ItemIdentifier? = nil
    )
        -> ItemSnapshot?
    {
        state.withLock { state in
            guard let identifier = state.names[parent]?[filename], identifier != excluded else { return nil }
            return state.items[identifier]
        }
    }

    private static func store(_ item: ItemSnapshot, in state: inout State) {
        forget(item.itemIdentifier, in: &state)
        state.items[item.itemIdentifier] = item
        state.names[item.parentItemIdentifier, default: [:]][item.filename] = item.itemIdentifier
    }

    private static func forget(_ identifier: ItemIdentifier, in state: inout State) {
        guard let old = state.items.removeValue(forKey: identifier) else { return }
        if state.names[old.parentItemIdentifier]?[old.filename] == identifier {
            state.names[old.parentItemIdentifier]?[old.filename] = nil
        }
    }

    func cachedListing(_ key: ListingCacheKey) -> SortedListing? {
        state.withLock { $0.listings[key] }
    }

    func cache(_ listing: SortedListing, as key: ListingCacheKey) {
        state.withLock { $0.listings[key] = listing }
    }

    // MARK: Recovery

    /// Finishes or rolls back the moves a crash left open; a finished one gets its bookkeeping.
    private func recover() async throws {
        try await KeyMove.recover(operations, on: client) { move, outcome in
            guard outcome == .moved else { return }
            if move.context[Self.deletedKeyContext] != nil {
                try completeDeletion(move)
            } else {
                try completeMove(move)
            }
        }
    }

    /// Settles the moves and deletions an earlier operation left open (objects the backend
    /// refused to delete after the point of no return, copies a failed rollback left), before the
    /// next change to the bucket: a leftover key must be gone before a new object may take it.
    /// Operations run one at a time, so none is in flight.
    ///
    /// - Throws: the backend's error; the operation that called it then changes nothing.
    func settleOpenMoves() async throws {
        guard !operations.pending.isEmpty else { return }
        try await recover()
    }

    /// The bookkeeping of a move whose keys all moved: the map, the item, the change. Running it
    /// twice is harmless.
    func completeMove(_ move: KeyMove) throws {
        guard let json = move.context["item"], let oldKey = move.context["from"], let newKey = move.context["to"],
            let moved = try? JSONDecoder().decode(ItemSnapshot.self, from: Data(json.utf8))
        else { return }
        if identifiers.key(for: moved.itemIdentifier) == oldKey { try identifiers.move(oldKey, to: newKey) }
        try commit(put: [moved])
    }
}
