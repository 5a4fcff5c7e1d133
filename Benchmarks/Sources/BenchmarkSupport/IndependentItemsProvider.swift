import FileProviderKit
import Foundation

/// A provider that forwards every call to `base` and returns its own copy of every item `base`
/// returns (``ItemSnapshot/init(independentCopyOf:)``), as a real backend does: nothing it
/// returns shares storage with `base`'s store, so a host's memory figures count what it keeps.
public struct IndependentItemsProvider: FileProvider {
    /// The provider every call goes to.
    public let base: any FileProvider

    /// Wraps `base`.
    public init(base: any FileProvider) {
        self.base = base
    }

    /// `base`'s item, copied.
    public func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        ItemSnapshot(independentCopyOf: try await base.item(for: identifier, request: request))
    }

    /// `base`'s contents.
    public func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws
        -> FetchedContents
    {
        try await base.fetchContents(for: identifier, version: version, request: request)
    }

    /// `base`'s result, its item copied.
    public func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try await base.createItem(
            basedOn: template,
            fields: fields,
            contents: contents,
            options: options,
            request: request
        )
        .map(copied)
    }

    /// `base`'s result, its item copied.
    public func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try await base.modifyItem(
            item,
            baseVersion: baseVersion,
            changedFields: changedFields,
            contents: contents,
            options: options,
            request: request
        )
        .map(copied)
    }

    /// Deletes through `base`.
    public func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    ) async throws {
        try await base.deleteItem(identifier: identifier, baseVersion: baseVersion, options: options, request: request)
    }

    /// `base`'s enumerator, handing its observers copies of the items.
    public func enumerator(
        for containerItemIdentifier: ItemIdentifier,
        request: Request
    ) async throws
        -> any Enumerator
    {
        IndependentItemsEnumerator(base: try await base.enumerator(for: containerItemIdentifier, request: request))
    }

    private func copied(_ result: ItemMutationResult) -> ItemMutationResult {
        var copy = result
        copy.item = ItemSnapshot(independentCopyOf: result.item)
        return copy
    }
}
