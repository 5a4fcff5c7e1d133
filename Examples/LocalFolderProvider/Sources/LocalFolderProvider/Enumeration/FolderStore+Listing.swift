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
        let candidates: [ItemRecord]
        if container == .workingSet {
            if page.isInitial { order = .identifier }
            candidates = Array(state.records.values)
        } else {
            guard state.isContainer(container) else {
                throw FileProviderError.nonExistentItem(withIdentifier: container)
            }
            candidates = state.children(of: container)
        }
        let remaining = candidates.map { (key: PageToken.Key($0, order: order), record: $0) }
            .filter { entry in after.map { entry.key > $0 } ?? true }
            .sorted { $0.key < $1.key }
        let items = remaining.prefix(limit)
        guard remaining.count > limit, let last = items.last else { return (items.map(\.record.snapshot), nil) }
        let next = try PageToken(epoch: state.epoch, container: container, order: order, last: last.key).page
        return (items.map(\.record.snapshot), next)
    }
}
