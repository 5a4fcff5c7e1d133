import FileProviderKit
import Foundation
import InMemoryFileProvider

/// A provider whose `item(for:)` finds an item by the path it was created at, as a provider that
/// keys its cache by server path would: after a rename, the identifier answers with whatever now
/// sits at the old path, of whatever kind (a real bug, which ITEM-20 catches).
final class PathLookupLayer: ReferenceProviderLayer {
    let inner: InMemoryFileProvider
    private let paths = LockedValue<[ItemIdentifier: (parent: ItemIdentifier, filename: String)]>([:])

    init(inner: InMemoryFileProvider) {
        self.inner = inner
    }

    func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        let result = try await inner.createItem(
            basedOn: template,
            fields: fields,
            contents: contents,
            options: options,
            request: request
        )
        if let item = result?.item {
            paths.withLock { $0[item.itemIdentifier] = (item.parentItemIdentifier, item.filename) }
        }
        return result
    }

    func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        guard let path = paths.withLock({ $0[identifier] }) else {
            return try await inner.item(for: identifier, request: request)
        }
        let siblings = try await inner.enumerator(for: path.parent, request: request).allItems()
        guard let occupant = siblings.first(where: { $0.filename == path.filename }) else {
            return try await inner.item(for: identifier, request: request)
        }
        var item = ItemSnapshot(occupant)
        item.itemIdentifier = identifier
        return item
    }
}
