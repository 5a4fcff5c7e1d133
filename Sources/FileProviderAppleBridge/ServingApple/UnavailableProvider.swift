import FileProviderKit
import Foundation

/// The provider of an extension whose ``ReplicatedExtensionBridge/makeProvider(for:)`` failed:
/// every call fails with that failure.
struct UnavailableProvider: FileProvider {
    let reason: any Error

    func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem { throw reason }

    func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws
        -> FetchedContents
    { throw reason }

    func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? { throw reason }

    func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? { throw reason }

    func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    )
        async throws
    { throw reason }

    func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator {
        throw reason
    }
}
