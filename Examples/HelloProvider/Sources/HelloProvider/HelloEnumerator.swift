import FileProviderKit
import Foundation

/// Lists a container of ``HelloProvider``'s tree in pages, and reports its changes — of which
/// there are none, since the tree never changes.
///
/// It is a `ThrowingEnumerator`: its methods return a page or a batch and throw their errors, and
/// FileProviderKit reports them to the system's observers, finishing each call exactly once.
///
/// A page holds a `PageToken` naming the container, the sort order and the offset of the next
/// child, which `Page(encoding:)` stores as JSON with sorted keys, for example
/// `{"container":"documents","format":1,"offset":2,"order":"name"}`. Offsets are only safe because the tree is
/// fixed: a provider whose folders change encodes the last key it delivered instead, so that
/// insertions and deletions between pages cannot skip or repeat children. Anything that is not
/// such a page — garbage, another container's page — fails with `pageExpired`.
struct HelloEnumerator: ThrowingEnumerator {
    let container: ItemIdentifier

    private enum Order: String, Codable {
        case name
        case date
    }

    func enumerateItems(startingAt page: Page, limit: Int) async throws -> ItemPage {
        let (order, start): (Order, Int) =
            switch page {
            case .initialPageSortedByName: (.name, 0)
            case .initialPageSortedByDate: (.date, 0)
            default: try decode(page)
            }
        let children = self.children(sortedBy: order)
        guard start < children.count || start == 0 else { throw Self.expiredPage }
        // At most `limit` items, and at least one when any remain; no overflow for any limit.
        let end = start + min(children.count - start, limit)
        let nextPage = end < children.count ? try encode(order, end) : nil
        return ItemPage(items: Array(children[start..<end]), nextPage: nextPage)
    }

    func enumerateChanges(from anchor: SyncAnchor, limit: Int) async throws -> ChangeBatch {
        // The only anchor ever handed out is the current one, and nothing changes after it.
        guard anchor.rawValue == Self.anchorBytes else {
            throw FileProviderError(.syncAnchorExpired, message: "The anchor is not HelloProvider's.")
        }
        return ChangeBatch(updatedItems: [], deletedItemIdentifiers: [], anchor: anchor, moreComing: false)
    }

    func currentSyncAnchor() async throws -> SyncAnchor? {
        try SyncAnchor(Self.anchorBytes)
    }

    private static let anchorBytes = Data("HelloProvider anchor v1".utf8)

    private static let expiredPage = FileProviderError(.pageExpired, message: "The page is not one HelloProvider made.")

    /// The container's children in the order asked for; the working set holds every item but the root.
    private func children(sortedBy order: Order) -> [ItemSnapshot] {
        let items = HelloTree.items.map(\.item).filter {
            container == .workingSet || $0.parentItemIdentifier == container
        }
        switch order {
        case .name:
            return items.sorted { ($0.filename, $0.itemIdentifier) < ($1.filename, $1.itemIdentifier) }
        case .date:
            let distantPast = Date.distantPast
            return items.sorted {
                ($0.contentModificationDate ?? distantPast, $0.itemIdentifier)
                    < ($1.contentModificationDate ?? distantPast, $1.itemIdentifier)
            }
        }
    }

    /// What a page holds: the container, the sort order and the offset of the next child.
    private struct PageToken: Codable {
        var format = 1
        var container: String
        var order: Order
        var offset: Int
    }

    private func encode(_ order: Order, _ offset: Int) throws(FileProviderError) -> Page {
        try Page(encoding: PageToken(container: container.rawValue, order: order, offset: offset))
    }

    private func decode(_ page: Page) throws(FileProviderError) -> (Order, Int) {
        // A page that holds no PageToken throws pageExpired; so does another container's.
        let token = try page.decode(PageToken.self)
        guard token.format == 1, token.container == container.rawValue, token.offset > 0 else { throw Self.expiredPage }
        return (token.order, token.offset)
    }
}
