import FileProviderKit
import Foundation
import InMemoryFileProvider

/// A provider that reports content uploaded while it keeps the bytes in this instance's queue: the
/// store gets an empty file, and only this instance serves the real bytes (a real bug, which
/// CNT-20 and CNT-21 catch).
final class LateUploadLayer: ReferenceProviderLayer {
    let inner: InMemoryFileProvider
    private let queued = LockedValue<[ItemIdentifier: Data]>([:])

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
        guard let contents else {
            return try await inner.createItem(
                basedOn: template,
                fields: fields,
                contents: nil,
                options: options,
                request: request
            )
        }
        let bytes = try Data(contentsOf: contents)
        let placeholder = try ScratchFile.containing(Data())
        defer { ContentFile.remove(placeholder) }
        let result = try await inner.createItem(
            basedOn: template,
            fields: fields,
            contents: placeholder,
            options: options,
            request: request
        )
        return queue(bytes, for: result)
    }

    func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        guard let contents, changedFields.contains(.contents) else {
            return try await inner.modifyItem(
                item,
                baseVersion: baseVersion,
                changedFields: changedFields,
                contents: contents,
                options: options,
                request: request
            )
        }
        let bytes = try Data(contentsOf: contents)
        let placeholder = try ScratchFile.containing(Data("queued".utf8))
        defer { ContentFile.remove(placeholder) }
        let result = try await inner.modifyItem(
            item,
            baseVersion: baseVersion,
            changedFields: changedFields,
            contents: placeholder,
            options: options,
            request: request
        )
        return queue(bytes, for: result)
    }

    func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws
        -> FetchedContents
    {
        let fetched = try await inner.fetchContents(for: identifier, version: version, request: request)
        guard let bytes = queued.withLock({ $0[identifier] }) else { return fetched }
        try bytes.write(to: fetched.url)
        return fetched
    }

    private func queue(_ bytes: Data, for result: ItemMutationResult?) -> ItemMutationResult? {
        guard var result else { return nil }
        let identifier = result.item.itemIdentifier
        queued.withLock { $0[identifier] = bytes }
        var item = ItemSnapshot(result.item)
        item.documentSize = Int64(bytes.count)
        result.item = item
        return result
    }
}
