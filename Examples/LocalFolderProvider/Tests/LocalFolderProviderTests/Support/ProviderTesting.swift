import FileProviderKit
import Foundation
import LocalFolderProvider
import Testing

/// Small conveniences for the unit tests.
extension LocalFolderProvider {
    /// Opens a provider over fresh temporary folders.
    static func temporary() throws -> (LocalFolderProvider, TemporaryFolders) {
        let folders = try TemporaryFolders()
        return (try LocalFolderProvider(rootDirectory: folders.root, stateDirectory: folders.state), folders)
    }

    /// Creates a file (with `text`) or a folder (`text == nil`) and returns it.
    func create(
        _ name: String,
        in parent: ItemIdentifier = .rootContainer,
        text: String? = nil
    ) async throws
        -> ItemSnapshot
    {
        let template = ItemSnapshot(
            itemIdentifier: "template",
            parentItemIdentifier: parent,
            filename: name,
            contentType: text == nil ? .folder : .forFilename(name)
        )
        var contents: URL?
        if let text {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try Data(text.utf8).write(to: url)
            contents = url
        }
        let result = try await createItem(
            basedOn: template,
            fields: text == nil ? [.filename] : [.filename, .contents],
            contents: contents,
            options: [],
            request: Request()
        )
        let item = try #require(result?.item)
        return ItemSnapshot(item)
    }

    /// Renames an item.
    func rename(_ item: ItemSnapshot, to name: String) async throws -> ItemSnapshot {
        var renamed = item
        renamed.filename = name
        let result = try await modifyItem(
            renamed,
            baseVersion: item.itemVersion,
            changedFields: .filename,
            contents: nil,
            options: [],
            request: Request()
        )
        let stored: any FileProviderItem = try #require(result).item
        return ItemSnapshot(stored)
    }

    /// Replaces a file's content with the file at `contents`.
    func write(_ item: ItemSnapshot, contents: URL) async throws -> ItemMutationResult {
        let result = try await modifyItem(
            item,
            baseVersion: item.itemVersion,
            changedFields: .contents,
            contents: contents,
            options: [],
            request: Request()
        )
        return try #require(result)
    }

    /// Sets an item's modification date.
    func setDate(of item: ItemSnapshot, to date: Date) async throws -> ItemMutationResult {
        var dated = item
        dated.contentModificationDate = date
        let result = try await modifyItem(
            dated,
            baseVersion: item.itemVersion,
            changedFields: .contentModificationDate,
            contents: nil,
            options: [],
            request: Request()
        )
        return try #require(result)
    }

    /// The text of a file.
    func text(of identifier: ItemIdentifier) async throws -> String {
        let fetched = try await fetchContents(for: identifier, version: nil, request: Request())
        defer { try? FileManager.default.removeItem(at: fetched.url) }
        return try String(contentsOf: fetched.url, encoding: .utf8)
    }

    /// Every item of the domain, trashed ones included.
    func workingSet() async throws -> [ItemSnapshot] {
        try await enumerator(for: .workingSet, request: Request()).allItems().map { ItemSnapshot($0) }
    }

    /// The changes of the working set since `anchor`.
    func changes(since anchor: SyncAnchor) async throws -> ChangeSet {
        try await enumerator(for: .workingSet, request: Request()).changes(since: anchor)
    }

    /// The working set's current anchor.
    func anchor() async throws -> SyncAnchor {
        try #require(try await enumerator(for: .workingSet, request: Request()).currentSyncAnchor())
    }
}

/// Runs `body` and returns the code of the `FileProviderError` it throws; records an issue when
/// it succeeds or throws anything else.
func errorCode(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> some Any
) async -> FileProviderError.Code? {
    do {
        _ = try await body()
        Issue.record("the call succeeded but should have failed", sourceLocation: sourceLocation)
    } catch let error as FileProviderError {
        return error.code
    } catch {
        Issue.record("the call failed with \(error), not a FileProviderError", sourceLocation: sourceLocation)
    }
    return nil
}
