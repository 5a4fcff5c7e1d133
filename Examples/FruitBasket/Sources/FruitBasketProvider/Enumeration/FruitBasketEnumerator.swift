import FileProviderKit
import FruitBasketAPI

/// Lists a container of a FruitBasket server and reports the server's changes.
///
/// - Listing: a folder, the root or the trash is listed with `GET /v1/folders/{id}/children`, by
///   name or by date as the initial page asks; the working set with `GET /v1/items`, every item
///   (trashed ones included) by identifier. Pages wrap the server's keyset cursors (O(log n) a
///   page) with the container and order they belong to; a page of another container or order,
///   another store epoch or garbage fails with `pageExpired`.
/// - Changes: the working set's enumerator reports the whole domain's change feed
///   (`GET /v1/changes`). A folder's (the root's, the trash's) reports no changes — the feed
///   cannot say which folder an item left — and fails change enumeration with
///   `featureUnsupported`, as Apple's replicated model allows: the working set carries every
///   change. Anchors wrap the feed's cursor; ``currentSyncAnchor()`` is the state's cursor
///   (`GET /v1/state`) for every container. An anchor of another epoch, or older than the history
///   the server keeps, fails with `syncAnchorExpired`.
///
/// An enumerator holds no state: any enumerator of any provider over the same server continues
/// from the pages and anchors another handed out.
public struct FruitBasketEnumerator: ThrowingEnumerator {
    let client: FruitBasketClient
    /// The container this enumerator lists.
    public let container: ItemIdentifier

    /// The container's key in pages: its wire identifier, or `*` for the working set.
    private var containerKey: String { WireItemMapping.wireID(container) ?? "*" }

    /// One page of at most `limit` items (and at most 1,000).
    ///
    /// - Throws: `pageExpired`; `noSuchItem` when the container no longer exists; the mapped
    ///   errors.
    public func enumerateItems(startingAt page: Page, limit: Int) async throws -> ItemPage {
        var order: ListingOrder?
        var cursor: String?
        switch page {
        case .initialPageSortedByName: order = .name
        case .initialPageSortedByDate: order = .date
        default:
            let token = try page.decode(PageToken.self)
            guard token.container == containerKey, (token.order == nil) == (container == .workingSet) else {
                throw FileProviderError(.pageExpired, message: "\(page) belongs to another listing.")
            }
            order = token.order
            cursor = token.cursor
        }
        let listing: ListingPage
        if container == .workingSet {
            listing = try await client.allItems(cursor: cursor, limit: limit)
        } else {
            listing = try await client.children(
                of: containerKey,
                order: order ?? .name,
                cursor: cursor,
                limit: limit
            )
        }
        let next = try listing.next.map { (next) throws(FileProviderError) in
            try Page(
                encoding: PageToken(
                    container: containerKey,
                    order: container == .workingSet ? nil : order,
                    cursor: next
                )
            )
        }
        return ItemPage(items: listing.items.map(WireItemMapping.snapshot), nextPage: next)
    }

    /// One batch of at most `limit` changes (and at most 1,000) of the domain since `anchor`, for
    /// the working set.
    ///
    /// - Throws: `featureUnsupported` for any other container, whose enumerator reports no
    ///   changes; `syncAnchorExpired`; the mapped errors.
    public func enumerateChanges(from anchor: SyncAnchor, limit: Int) async throws -> FileProviderKit.ChangeBatch {
        guard container == .workingSet else {
            throw FileProviderError(.featureUnsupported, message: "Only the working set reports changes.")
        }
        let token = try anchor.decode(AnchorToken.self)
        let batch = try await client.changes(after: token.cursor, limit: limit)
        return FileProviderKit.ChangeBatch(
            updatedItems: batch.updated.map(WireItemMapping.snapshot),
            deletedItemIdentifiers: batch.deleted.map(WireItemMapping.identifier),
            anchor: try SyncAnchor(encoding: AnchorToken(cursor: batch.cursor)),
            moreComing: batch.moreComing
        )
    }

    /// The anchor of the server's current state.
    ///
    /// - Throws: the mapped errors.
    public func currentSyncAnchor() async throws -> SyncAnchor? {
        try SyncAnchor(encoding: AnchorToken(cursor: try await client.state().cursor))
    }
}
