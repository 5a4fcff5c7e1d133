import FileProviderConformance
import FileProviderKit
import Foundation
import FruitBasketAPI
import FruitBasketProvider

/// Another client of the server: each hook is one or two raw API calls through a
/// `FruitBasketClient` of its own (its own token and connections), never through the provider
/// under test.
struct ServerRemoteHooks: RemoteChangeHooks {
    let client: FruitBasketClient

    func createItem(
        named filename: String,
        in parent: ItemIdentifier,
        contents: Data?
    ) async throws
        -> ItemIdentifier
    {
        var upload: String?
        if let contents, !contents.isEmpty { upload = try await client.upload(contents).upload }
        let item = WireItem(
            id: "",
            parent: try wireID(parent),
            name: filename,
            kind: contents == nil ? .folder : .file,
            contentVersion: 0,
            metadataVersion: 0,
            flags: contents == nil ? 7 : 6
        )
        let (created, _) = try await client.createItem(CreateItemRequest(item: item, upload: upload))
        return WireItemMapping.identifier(created.id)
    }

    func replaceContents(of identifier: ItemIdentifier, with contents: Data) async throws {
        let upload = contents.isEmpty ? nil : try await client.upload(contents).upload
        try await change(identifier, [.contents], upload: upload) { _ in }
    }

    func rename(_ identifier: ItemIdentifier, to filename: String) async throws {
        try await change(identifier, [.name]) { $0.name = filename }
    }

    func move(_ identifier: ItemIdentifier, to parent: ItemIdentifier) async throws {
        let parent = try wireID(parent)
        try await change(identifier, [.parent]) { $0.parent = parent }
    }

    func trash(_ identifier: ItemIdentifier) async throws {
        try await change(identifier, [.parent]) { $0.parent = WireIdentifiers.trash }
    }

    func restore(_ identifier: ItemIdentifier, to parent: ItemIdentifier) async throws {
        let parent = try wireID(parent)
        try await change(identifier, [.parent]) { $0.parent = parent }
    }

    func delete(_ identifier: ItemIdentifier) async throws {
        let current = try await client.item(try wireID(identifier))
        try await client.deleteItem(
            current.id,
            base: WireVersion(content: current.contentVersion, metadata: current.metadataVersion),
            recursive: true
        )
    }

    /// Reads the item, applies `edit` to it and sends `fields` with its current version.
    private func change(
        _ identifier: ItemIdentifier,
        _ fields: [WireField],
        upload: String? = nil,
        edit: (inout WireItem) -> Void
    ) async throws {
        var item = try await client.item(try wireID(identifier))
        let base = WireVersion(content: item.contentVersion, metadata: item.metadataVersion)
        edit(&item)
        _ = try await client.modifyItem(
            item.id,
            ModifyItemRequest(item: item, fields: fields, upload: upload, onConflict: .fail),
            base: base
        )
    }

    private func wireID(_ identifier: ItemIdentifier) throws -> String {
        guard let id = WireItemMapping.wireID(identifier) else {
            throw FileProviderError.nonExistentItem(withIdentifier: identifier)
        }
        return id
    }
}
