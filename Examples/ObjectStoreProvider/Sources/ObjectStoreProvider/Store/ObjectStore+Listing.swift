import FileProviderBackendSupport
import FileProviderKit
import Foundation

extension ObjectStore {
    /// One page of a container's listing.
    ///
    /// A folder's initial page lists its prefix in the bucket — every `ListObjectsV2` page, with
    /// `/` as delimiter: the files below it and the markers of its folders — maps the keys to
    /// items, and sorts them once in a ``SortedListing``; the following pages seek into that
    /// listing (listed again when the provider changed anything since, or after a restart). Keys
    /// no item of the provider's has (written by another client) are not listed. The working set
    /// lists every item.
    ///
    /// - Throws: `noSuchItem` for a container that does not exist (any more); `pageExpired` for a
    ///   page of another epoch, container or order; `featureUnsupported` for the trash.
    func page(of container: ItemIdentifier, startingAt page: Page, limit: Int) async throws -> ItemPage {
        if container == .trashContainer {
            throw FileProviderError(.featureUnsupported, message: "ObjectStoreProvider has no trash.")
        }
        let epoch = changes.epoch
        guard let order = SortedListing.order(of: page, epoch: epoch, container: container) else {
            throw FileProviderError(.pageExpired, message: "The page is not one this provider made for \(container).")
        }
        guard container == .workingSet || isContainer(container) else {
            throw FileProviderError.nonExistentItem(withIdentifier: container)
        }
        let cacheKey = ListingCacheKey(container: container, order: order)
        let listing: SortedListing
        if !page.isInitial, let cached = cachedListing(cacheKey) {
            listing = cached
        } else if container == .workingSet {
            listing = SortedListing(container: container, children: allItems, order: order)
        } else {
            listing = SortedListing(container: container, children: try await listChildren(of: container), order: order)
        }
        cache(listing, as: cacheKey)
        let (items, next) = try listing.page(startingAt: page, limit: limit, epoch: epoch)
        return ItemPage(items: items, nextPage: next)
    }

    /// The items whose objects the bucket lists directly below `container`'s prefix.
    func listChildren(of container: ItemIdentifier) async throws -> [ItemSnapshot] {
        let prefix = try prefix(of: container)
        let (objects, folders) = try await client.listObjects(prefix: prefix, delimiter: "/")
        var children: [ItemSnapshot] = []
        children.reserveCapacity(objects.count + folders.count)
        for object in objects where object.key != prefix {
            if let identifier = identifiers.identifier(forKey: object.key), let child = item(identifier) {
                children.append(child)
            }
        }
        for folder in folders {
            if let identifier = identifiers.identifier(forKey: String(folder.dropLast())), let child = item(identifier)
            {
                children.append(child)
            }
        }
        return children
    }

    /// The content of a file, written to a new file the caller owns.
    ///
    /// - Throws: `noSuchItem`; `invalidArgument` for a folder; `versionNoLongerAvailable` for a
    ///   version that is not the current one.
    func fetch(_ identifier: ItemIdentifier, version: ItemVersion?) async throws -> FetchedContents {
        guard let current = item(identifier), let key = identifiers.key(for: identifier) else {
            if identifier.isReservedContainer {
                throw FileProviderError(
                    .invalidArgument,
                    itemIdentifier: identifier,
                    message: "A folder has no content."
                )
            }
            throw FileProviderError.nonExistentItem(withIdentifier: identifier)
        }
        guard !current.contentType.isDirectory else {
            throw FileProviderError(.invalidArgument, itemIdentifier: identifier, message: "A folder has no content.")
        }
        if let version, version.contentVersion != current.itemVersion.contentVersion {
            throw FileProviderError(.versionNoLongerAvailable, itemIdentifier: identifier, item: current)
        }
        let data = try await client.getObject(key)
        try Task.checkCancellation()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ObjectStoreProvider-\(UUID().uuidString)"
        )
        do {
            try data.write(to: url)
        } catch {
            throw FileProviderError(
                .cannotSynchronize,
                message: "The fetched content cannot be written.",
                underlyingError: error
            )
        }
        return FetchedContents(url: url, item: current)
    }
}
