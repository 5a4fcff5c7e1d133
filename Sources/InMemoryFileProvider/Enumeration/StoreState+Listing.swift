import FileProviderKit

extension StoreState {
    /// One page of a container's listing: at most `limit` items after `key` (from the start when
    /// `key` is `nil`), in the order of `key` — or of `initialOrder` when starting — and the key
    /// to continue after, `nil` when the listing is complete.
    ///
    /// The working set lists every item (trashed ones included) by identifier, whatever the
    /// order asked; other containers list their children by name or by date.
    ///
    /// - Throws: `FileProviderError.Code.noSuchItem` when `container` is not a container;
    ///   `FileProviderError.Code.featureUnsupported` for the trash of a domain without one;
    ///   `FileProviderError.Code.pageExpired` when `key` is of another order than the
    ///   container's listing.
    func listPage(
        of container: ItemIdentifier,
        initialOrder: PageToken.Key?,
        after key: PageToken.Key?,
        limit: Int
    ) throws(FileProviderError) -> (items: [any FileProviderItem], next: PageToken.Key?) {
        var page: [any FileProviderItem] = []
        // `limit` is the observer's, possibly Int.max: a page never holds more than every item.
        page.reserveCapacity(min(limit, items.count))
        if container == .workingSet {
            var start: ItemIdentifier?
            switch key {
            case nil: break
            case .identifier(let identifier)?: start = identifier
            case .name?, .date?: throw Self.expiredPage
            }
            var last: ItemIdentifier?
            let more = items.forEach(after: start, limit: limit) { identifier, item in
                page.append(item)
                last = identifier
            }
            return (page, more ? last.map { .identifier($0) } : nil)
        }
        guard let folder = folder(container) else {
            try validateContainer(container)
            throw .nonExistentItem(withIdentifier: container)
        }
        switch key ?? initialOrder {
        case .date(let after)?:
            var last: DateKey?
            let more = folder.byDate.forEach(after: key == nil ? nil : after, limit: limit) { dateKey, item in
                page.append(item)
                last = dateKey
            }
            return (page, more ? last.map { .date($0) } : nil)
        case .name(let after)?:
            var last: ItemSnapshot?
            let more = folder.byName.forEach(after: key == nil ? nil : nameKey(after), limit: limit) { _, item in
                page.append(item)
                last = item
            }
            return (page, more ? last.map { .name($0.filename) } : nil)
        case .identifier?, nil:
            throw Self.expiredPage
        }
    }

    static var expiredPage: FileProviderError {
        FileProviderError(.pageExpired, message: "The page is not one this store can continue from.")
    }
}
