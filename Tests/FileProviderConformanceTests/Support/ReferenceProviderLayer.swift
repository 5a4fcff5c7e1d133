import FileProviderKit
import Foundation
import InMemoryFileProvider

/// A test provider layered over the reference provider: every `FileProvider` call (and
/// `PartialContentFetching`, for layers that declare it) is forwarded to `inner` unless the layer
/// implements it, so a layer writes only the calls it changes.
protocol ReferenceProviderLayer: FileProvider {
    /// The reference provider the layer forwards to.
    var inner: InMemoryFileProvider { get }
}

extension ReferenceProviderLayer {
    func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        try await inner.item(for: identifier, request: request)
    }

    func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws
        -> FetchedContents
    {
        try await inner.fetchContents(for: identifier, version: version, request: request)
    }

    func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try await inner.createItem(
            basedOn: template,
            fields: fields,
            contents: contents,
            options: options,
            request: request
        )
    }

    func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try await inner.modifyItem(
            item,
            baseVersion: baseVersion,
            changedFields: changedFields,
            contents: contents,
            options: options,
            request: request
        )
    }

    func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    ) async throws {
        try await inner.deleteItem(identifier: identifier, baseVersion: baseVersion, options: options, request: request)
    }

    func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator {
        try await inner.enumerator(for: containerItemIdentifier, request: request)
    }

    func invalidate() async {
        await inner.invalidate()
    }
}

extension ReferenceProviderLayer where Self: PartialContentFetching {
    func fetchPartialContents(
        for identifier: ItemIdentifier,
        version: ItemVersion,
        request: Request,
        minimalRange: Range<Int64>,
        aligningTo alignment: Int,
        options: FetchContentsOptions
    ) async throws -> FetchedPartialContents {
        try await inner.fetchPartialContents(
            for: identifier,
            version: version,
            request: request,
            minimalRange: minimalRange,
            aligningTo: alignment,
            options: options
        )
    }
}
