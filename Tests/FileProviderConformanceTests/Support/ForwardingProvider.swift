import FileProviderKit
import Foundation
import InMemoryFileProvider

/// A layer over the reference provider that forwards every call, `PartialContentFetching`
/// included, as `ConformanceSubject.referenceProvider(wrapping:)` asks a wrapper to; with
/// `failsUnknownDeletions`, deleting an unknown identifier fails with `noSuchItem` (a real bug,
/// which MUT-17 catches).
struct ForwardingProvider: FileProvider, PartialContentFetching {
    let inner: InMemoryFileProvider
    var failsUnknownDeletions = false

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
    ) async throws -> ItemMutationResult {
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
        if failsUnknownDeletions { _ = try await inner.item(for: identifier, request: request) }
        try await inner.deleteItem(identifier: identifier, baseVersion: baseVersion, options: options, request: request)
    }

    func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator {
        try await inner.enumerator(for: containerItemIdentifier, request: request)
    }

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

    func invalidate() async {
        await inner.invalidate()
    }
}
