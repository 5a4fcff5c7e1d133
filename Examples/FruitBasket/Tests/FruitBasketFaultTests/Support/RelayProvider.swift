import FileProviderKit
import Foundation
import FruitBasketProvider
import Synchronization

/// A provider that passes every call to a ``FruitBasketProvider`` the test can replace (a new
/// instance with other credentials, as a user fixing a password), and reports each creation or
/// modification the server acknowledged on ``acknowledgements``.
final class RelayProvider: FileProvider {
    private let target: Mutex<FruitBasketProvider>
    private let acknowledged: AsyncStream<Void>.Continuation
    /// One element per creation or modification that returned a result, as it returns.
    let acknowledgements: AsyncStream<Void>

    /// Relays to `provider`.
    init(_ provider: FruitBasketProvider) {
        target = Mutex(provider)
        (acknowledgements, acknowledged) = AsyncStream.makeStream(of: Void.self)
    }

    /// The provider calls go to now.
    var current: FruitBasketProvider { target.withLock { $0 } }

    /// Sends later calls to `provider` and returns the one replaced.
    @discardableResult
    func replace(with provider: FruitBasketProvider) -> FruitBasketProvider {
        target.withLock { target in
            defer { target = provider }
            return target
        }
    }

    func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        try await current.item(for: identifier, request: request)
    }

    func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws -> FetchedContents {
        try await current.fetchContents(for: identifier, version: version, request: request)
    }

    func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        let result = try await current.createItem(
            basedOn: template,
            fields: fields,
            contents: contents,
            options: options,
            request: request
        )
        acknowledged.yield()
        return result
    }

    func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        let result = try await current.modifyItem(
            item,
            baseVersion: baseVersion,
            changedFields: changedFields,
            contents: contents,
            options: options,
            request: request
        )
        acknowledged.yield()
        return result
    }

    func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    ) async throws {
        try await current.deleteItem(
            identifier: identifier,
            baseVersion: baseVersion,
            options: options,
            request: request
        )
    }

    func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator {
        try await current.enumerator(for: containerItemIdentifier, request: request)
    }

    /// Invalidates the current provider.
    func invalidate() async {
        await current.invalidate()
    }
}
