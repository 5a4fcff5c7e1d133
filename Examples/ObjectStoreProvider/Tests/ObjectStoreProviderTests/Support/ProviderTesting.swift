import FileProviderKit
import Foundation
import ObjectStoreProvider
import Testing

/// Small conveniences for the provider's own tests.
extension ObjectStoreProvider {
    /// Creates a file (with `text`) or a folder (`text == nil`) and returns it.
    func create(
        _ name: String,
        in parent: ItemIdentifier = .rootContainer,
        text: String? = nil
    ) async throws -> ItemSnapshot {
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
        let item: any FileProviderItem = try #require(result?.item)
        return ItemSnapshot(item)
    }

    /// Moves an item into another folder.
    func move(_ item: ItemSnapshot, to parent: ItemIdentifier) async throws {
        var moved = item
        moved.parentItemIdentifier = parent
        _ = try await modifyItem(
            moved,
            baseVersion: item.itemVersion,
            changedFields: .parentItemIdentifier,
            contents: nil,
            options: [],
            request: Request()
        )
    }

    /// The names listed in a folder, following every page.
    func names(in container: ItemIdentifier, pageSize: Int = 3) async throws -> [String] {
        try await enumerator(for: container, request: Request()).allItems(suggestedPageSize: pageSize).map(\.filename)
    }

    /// The text of a file.
    func text(of identifier: ItemIdentifier) async throws -> String {
        let fetched = try await fetchContents(for: identifier, version: nil, request: Request())
        defer { try? FileManager.default.removeItem(at: fetched.url) }
        return try String(contentsOf: fetched.url, encoding: .utf8)
    }
}
