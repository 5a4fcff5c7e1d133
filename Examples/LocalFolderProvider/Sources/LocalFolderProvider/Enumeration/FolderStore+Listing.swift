import FileProviderKit
import Foundation

extension FolderStore {
    /// One page of a container's listing and the page after it (`nil` at the end).
    ///
    /// Folders and the trash list by name (or by date from the date-sorted initial page), the
    /// working set lists every item — trashed ones included — by identifier. Each page continues
    /// after the key of the previous page's last item.
    ///
    /// - Throws: `pageExpired` for a page this store did not make for this container;
    ///   `noSuchItem` when the container does not exist.
    func page(of container: ItemIdentifier, startingAt page: Page, limit: Int) throws -> ([ItemSnapshot], Page?) {
        var order: PageToken.Order
        var after: PageToken.Key?
        switch page {
        case .initialPageSortedByName: order = .name
        case .initialPageSortedByDate: order = .date
        default:
            guard let token = PageToken(page), token.epoch == state.epoch, token.isFor(container) else {
                throw FileProviderError(.pageExpired, message: "The page is not one this folder's provider made.")
            }
            order = token.order
            after = token.last
        }
        if container == .workingSet {
            if page.isInitial { order = .identifier }
        } else {
            guard state.isContainer(container) else {
                throw FileProviderError.nonExistentItem(withIdentifier: container)
            }
        }
        let listing = sortedListings.listing(of: container, order: order, in: state)
        let start = after.map { after in listing.partitioningIndex { $0.key > after } } ?? 0
        let remaining = listing[start...]
        let items = remaining.prefix(limit).compactMap { state.records[$0.identifier]?.snapshot }
        guard remaining.count > limit, let last = remaining.prefix(limit).last else { return (items, nil) }
        let next = try PageToken(epoch: state.epoch, container: container, order: order, last: last.key).page
        return (items, next)
    }
}
