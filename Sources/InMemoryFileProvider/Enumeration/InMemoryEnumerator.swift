import FileProviderKit
import Foundation

/// Lists a container of an ``InMemoryStore`` and reports the store's changes.
///
/// - Listing: keyset pages of at most `suggestedPageSize` items (at least one), by name (the
///   collision key under the domain's case rule) or by date (modification date, then identifier)
///   as the initial page asks; the working set lists every item of the domain — trashed ones
///   included, each with its real parent — by identifier. Seeking a page costs O(log n), and
///   items that stay in the container across pages are listed exactly once whatever changes in
///   between. A page from another domain, container or store epoch, or that is not the store's
///   at all, fails with `FileProviderError.Code.pageExpired`.
/// - Changes: the working set's enumerator reports every change of the domain; a folder's (the
///   root's, the trash's) reports the changes of its direct children only, and a child that left
///   it as a deletion; see ``enumerateChanges(for:from:)``.
///
/// An enumerator holds no state of its own: pages and anchors carry everything, so any
/// enumerator of any provider over the same store continues from them.
public struct InMemoryEnumerator: Enumerator {
    let store: InMemoryStore
    /// The container this enumerator lists.
    public let container: ItemIdentifier

    /// Reports one page and finishes it with the next page, `nil` at the end, or an error:
    /// `FileProviderError.Code.pageExpired`, `FileProviderError.Code.noSuchItem` when the
    /// container no longer exists, `FileProviderError.Code.featureUnsupported` for the trash
    /// of a domain without one, `CancellationError`, or the knobs' errors.
    public func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async {
        do {
            try await store.begin(.enumerateItems, container)
            let limit = max(1, observer.suggestedPageSize)
            let (items, next) = try store.mutate { (state, _) throws(FileProviderError) in
                var initialOrder: PageToken.Key?
                var after: PageToken.Key?
                switch page {
                case .initialPageSortedByName: initialOrder = .name("")
                case .initialPageSortedByDate: initialOrder = .date(DateKey(time: -.infinity, identifier: ""))
                default:
                    guard let token = PageToken(page, scope: state.tokenScope, container: container) else {
                        throw StoreState.expiredPage
                    }
                    after = token.key
                }
                let (items, last) = try state.listPage(
                    of: container,
                    initialOrder: initialOrder,
                    after: after,
                    limit: limit
                )
                let next = try last.map { (key) throws(FileProviderError) -> Page in
                    guard let page = PageToken(scope: state.tokenScope, container: container, key: key).page else {
                        throw FileProviderError(.cannotSynchronize, message: "The next page would be too large.")
                    }
                    return page
                }
                return (items, next)
            }
            if !items.isEmpty { observer.didEnumerate(items) }
            observer.finishEnumerating(upTo: next)
        } catch {
            observer.finishEnumeratingWithError(error)
        }
    }

    /// Reports one batch of the changes since `anchor` and finishes it: for the working set, the
    /// domain's; for a folder, the root or the trash, its direct children's.
    ///
    /// The batch holds at most `suggestedBatchSize` updates and deletions together (at least
    /// one); changes coalesce per item (each reports the item's current state); no identifier is
    /// both updated and deleted. The working set's batches put a parent before its children, in
    /// the batch and across batches; report moves and trashing as updates carrying the new
    /// parent; and report every descendant of a recursive deletion. A folder's batches report a
    /// child created, changed or moved in as an update, and a child that left the folder (moved
    /// out, trashed, restored elsewhere or deleted) as a deletion — nothing about other folders,
    /// deeper descendants or the folder itself. With `moreComing` the returned anchor differs from
    /// `anchor` and carries the continuation. With no change since `anchor`, the batch is empty
    /// and the same anchor comes back. Either way the cost is O(changes since `anchor`), never
    /// O(items).
    ///
    /// Finishes with `FileProviderError.Code.noSuchItem` when the container is a folder that no
    /// longer exists (`FileProviderError.Code.featureUnsupported` for the trash of a domain
    /// without one); with `FileProviderError.Code.syncAnchorExpired` for an anchor that is garbage,
    /// from another domain or store epoch, ahead of the store, or older than the retained
    /// history; with `CancellationError`; or with the knobs' errors.
    public func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        do {
            try await store.begin(.enumerateChanges, container)
            let limit = max(1, observer.suggestedBatchSize)
            let (batch, next) = try store.mutate { (state, _) throws(FileProviderError) in
                guard let token = AnchorToken(anchor, scope: state.tokenScope), state.isRetained(token.position) else {
                    throw FileProviderError(
                        .syncAnchorExpired,
                        message: "The anchor is not one this store can continue from."
                    )
                }
                if container != .workingSet, state.folder(container) == nil {
                    try state.validateContainer(container)
                }
                let batch =
                    container == .workingSet
                    ? state.changes(from: token.position, marker: token.marker, limit: limit)
                    : state.folderChanges(of: container, from: token.position, limit: limit)
                return (batch, try state.anchor(at: batch.position, marker: batch.marker))
            }
            if !batch.updated.isEmpty { observer.didUpdate(batch.updated) }
            if !batch.deleted.isEmpty { observer.didDeleteItems(withIdentifiers: batch.deleted) }
            observer.finishEnumeratingChanges(upTo: next, moreComing: batch.moreComing)
        } catch {
            observer.finishEnumeratingWithError(error)
        }
    }

    /// The anchor of the store's latest change: changes after it are reported from it. With no
    /// write in between, changes from it are empty and it stays valid. Never `nil`: every
    /// enumerator of the reference provider reports changes.
    ///
    /// - Throws: `CancellationError`, `FileProviderError.Code.cannotSynchronize` should the
    ///   anchor not fit, or the knobs' errors.
    public func currentSyncAnchor() async throws -> SyncAnchor? {
        try await store.begin(.currentSyncAnchor, container)
        return try store.mutate { (state, _) throws(FileProviderError) in
            try state.anchor(at: state.log.nextRank, marker: nil)
        }
    }
}
