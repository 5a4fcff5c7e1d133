import FileProviderKit
import Foundation
import InMemoryFileProvider

/// A provider that keeps the path of the contents file it was handed and serves whatever that
/// file holds when the content is fetched, as a provider uploading lazily from the caller's file
/// would (a real bug, which CNT-22 and CNT-23 catch).
final class LazyContentsLayer: ReferenceProviderLayer {
    let inner: InMemoryFileProvider
    private let handedFiles = LockedValue<[ItemIdentifier: URL]>([:])

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
        remember(contents, for: result)
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
        let result = try await inner.modifyItem(
            item,
            baseVersion: baseVersion,
            changedFields: changedFields,
            contents: contents,
            options: options,
            request: request
        )
        if changedFields.contains(.contents) { remember(contents, for: result) }
        return result
    }

    func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws
        -> FetchedContents
    {
        let fetched = try await inner.fetchContents(for: identifier, version: version, request: request)
        guard let handed = handedFiles.withLock({ $0[identifier] }) else { return fetched }
        guard let bytes = try? Data(contentsOf: handed) else {
            throw FileProviderError(.fileReadNoSuchFile)
        }
        try bytes.write(to: fetched.url)
        return fetched
    }

    private func remember(_ contents: URL?, for result: ItemMutationResult?) {
        guard let contents, let identifier = result?.item.itemIdentifier else { return }
        handedFiles.withLock { $0[identifier] = contents }
    }
}
