import FileProviderKit
import Foundation

/// Lists a container of ``HelloProvider``'s tree in pages, and reports its changes — of which
/// there are none, since the tree never changes.
///
/// A page is plain text naming the container, the sort order and the offset of the next child,
/// for example `HelloProvider page v1 name 2 documents`. Offsets are only safe because the tree is
/// fixed: a provider whose folders change encodes the last key it delivered instead, so that
/// insertions and deletions between pages cannot skip or repeat children. Anything that is not
/// such a page — garbage, another container's page — fails with `pageExpired`.
struct HelloEnumerator: Enumerator {
    let container: ItemIdentifier

    private enum Order: String {
        case name
        case date
    }

    func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async {
        do {
            let children: [ItemSnapshot]
            let order: Order
            let start: Int
            switch page {
            case .initialPageSortedByName: (order, start) = (.name, 0)
            case .initialPageSortedByDate: (order, start) = (.date, 0)
            default: (order, start) = try decode(page)
            }
            children = self.children(sortedBy: order)
            guard start < children.count || start == 0 else { throw Self.expiredPage }
            // At most the suggested number of items, and at least one when any remain.
            let end = start + min(children.count - start, max(1, observer.suggestedPageSize))
            if start < end { observer.didEnumerate(Array(children[start..<end])) }
            observer.finishEnumerating(upTo: end < children.count ? try encode(order, end) : nil)
        } catch {
            observer.finishEnumeratingWithError(error)
        }
    }

    func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        // The only anchor ever handed out is the current one, and nothing changes after it.
        guard anchor.rawValue == Self.anchorBytes else {
            observer.finishEnumeratingWithError(
                FileProviderError(.syncAnchorExpired, message: "The anchor is not HelloProvider's.")
            )
            return
        }
        observer.finishEnumeratingChanges(upTo: anchor, moreComing: false)
    }

    func currentSyncAnchor() async throws -> SyncAnchor {
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

    private func encode(_ order: Order, _ offset: Int) throws -> Page {
        try Page(Data("HelloProvider page v1 \(order.rawValue) \(offset) \(container.rawValue)".utf8))
    }

    private func decode(_ page: Page) throws(FileProviderError) -> (Order, Int) {
        let words = String(decoding: page.rawValue, as: UTF8.self).split(
            separator: " ",
            omittingEmptySubsequences: false
        )
        guard words.count == 6, words[0] == "HelloProvider", words[1] == "page", words[2] == "v1",
            let order = Order(rawValue: String(words[3])), let offset = Int(words[4]), offset > 0,
            words[5] == container.rawValue
        else { throw Self.expiredPage }
        return (order, offset)
    }
}
