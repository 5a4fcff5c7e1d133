import FileProviderKit

/// A container's children sorted once in a ``ListingOrder``, serving keyset pages: each page is a
/// binary search for the position after the page's key, O(log n), then the page's items.
///
/// Build it from the children however the backend listed them (the backend's own order does not
/// matter: sorting and resuming both use ``ListingKey``), keep it while the container does not
/// change, and answer every page of a listing from it.
///
/// Contract clauses: R2 (pages complete and bounded, in the initial page's order, ≤ 500 bytes),
/// R3 (pages of another epoch or container expire).
public struct SortedListing: Sendable {
    /// The container listed.
    public let container: ItemIdentifier
    /// The order of ``items``.
    public let order: ListingOrder
    /// The children, in ``order``.
    public let items: [ItemSnapshot]
    private let keys: [ListingKey]

    /// Sorts `children` of `container` in `order`: O(n log n).
    public init(container: ItemIdentifier, children: [ItemSnapshot], order: ListingOrder) {
        self.container = container
        self.order = order
        let sorted = children.map { (ListingKey($0, order: order), $0) }.sorted { $0.0 < $1.0 }
        keys = sorted.map(\.0)
        items = sorted.map(\.1)
    }

    /// The order a page of a listing is in: the initial page's, or the order its token carries;
    /// `nil` when the page is not one of `container` in `epoch`.
    public static func order(of page: Page, epoch: UInt64, container: ItemIdentifier) -> ListingOrder? {
        switch page {
        case .initialPageSortedByName: .name
        case .initialPageSortedByDate: .date
        default: KeysetPageToken(page, epoch: epoch, container: container)?.last.order
        }
    }

    /// The page of at most `limit` items (at least 1) starting at `page`, and the page after it
    /// (`nil` at the end).
    ///
    /// - Throws: `pageExpired` for a page that is not an initial page and
    ///   not a page of this container and order in `epoch`; `invalidArgument`
    ///   when the next page cannot hold the last item's key (see ``KeysetPageToken``).
    public func page(
        startingAt page: Page,
        limit: Int,
        epoch: UInt64
    ) throws(FileProviderError)
        -> (items: [ItemSnapshot], next: Page?)
    {
        var start = 0
        if !page.isInitial {
            guard let token = KeysetPageToken(page, epoch: epoch, container: container), token.last.order == order
            else {
                throw FileProviderError(.pageExpired, message: "The page is not one of this listing.")
            }
            start = firstIndex(after: token.last)
        } else if page != (order == .name ? .initialPageSortedByName : .initialPageSortedByDate) {
            throw FileProviderError(.pageExpired, message: "The initial page is of another order than this listing.")
        }
        let end = min(items.count, start + max(1, limit))
        guard end < items.count, end > start else { return (Array(items[start..<end]), nil) }
        let next = try KeysetPageToken(epoch: epoch, container: container, last: keys[end - 1]).page()
        return (Array(items[start..<end]), next)
    }

    /// The index of the first key after `key`: O(log n).
    private func firstIndex(after key: ListingKey) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if key < keys[middle] { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
