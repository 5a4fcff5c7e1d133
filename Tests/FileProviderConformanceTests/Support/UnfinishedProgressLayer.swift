import FileProviderKit
import Foundation
import InMemoryFileProvider

/// A provider that counts every transfer in 64 KiB chunks and stops counting before the last one,
/// so a transfer that returned leaves its progress short of the end (a real bug, which CNT-24 and
/// CNT-25 catch).
final class UnfinishedProgressLayer: ReferenceProviderLayer {
    let inner: InMemoryFileProvider

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
        if let contents { countAllButTheLastChunk(of: contents, on: request.progress) }
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
        if let contents { countAllButTheLastChunk(of: contents, on: request.progress) }
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
        countAllButTheLastChunk(of: fetched.url, on: request.progress)
        return fetched
    }

    /// Sets `progress` to the file's size as its total and counts every whole chunk but the last.
    private func countAllButTheLastChunk(of file: URL, on progress: Progress) {
        let chunk: Int64 = 65_536
        let size = (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize).map(Int64.init) ?? 0
        progress.startTransfer(byteCount: size)
        progress.completedUnitCount = max(0, (progress.totalUnitCount - 1) / chunk * chunk)
    }
}
