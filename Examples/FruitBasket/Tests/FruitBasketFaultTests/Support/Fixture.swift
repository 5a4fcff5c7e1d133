import FileProviderKit
import Foundation
import FruitBasketAPI
import FruitBasketProvider
import FruitBasketServer

/// What the fault tests share: providers and a second, independent client, item templates,
/// content, and reading back what the server holds.
enum Fixture {
    /// A provider of the account `fruit` at `baseURL`.
    static func provider(
        _ baseURL: String,
        secret: String = "basket",
        requestTimeout: Duration = .seconds(30)
    ) -> FruitBasketProvider {
        FruitBasketProvider(
            configuration: FruitBasketConfiguration(
                baseURL: baseURL,
                account: "fruit",
                secret: secret,
                connectTimeout: .seconds(2),
                requestTimeout: requestTimeout
            )
        )
    }

    /// The template of a plain text file in the root.
    static func template(_ name: String) -> ItemSnapshot {
        ItemSnapshot(
            itemIdentifier: ItemIdentifier("template-\(name)"),
            parentItemIdentifier: .rootContainer,
            filename: name,
            contentType: .plainText
        )
    }

    /// Distinct content for `label`: `size` bytes that depend on the label and their position.
    static func content(_ label: String, size: Int) -> Data {
        let seed = label.utf8.reduce(UInt8(7)) { $0 &* 31 &+ $1 }
        return Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 13) &+ seed })
    }

    /// Every item in the root, read through `client`, page by page.
    ///
    /// - Throws: the client's error.
    static func rootItems(_ client: FruitBasketClient) async throws -> [WireItem] {
        var items: [WireItem] = []
        var cursor: String?
        repeat {
            let page = try await client.children(of: WireIdentifiers.root, order: .name, cursor: cursor, limit: 100)
            items += page.items
            cursor = page.next
        } while cursor != nil
        return items
    }

    /// The current content of the file `id`, read through `client`.
    ///
    /// - Throws: the client's error.
    static func contents(of id: String, _ client: FruitBasketClient) async throws -> Data {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fruitbasket-read-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        _ = try await client.download(id, version: nil, to: url)
        return try Data(contentsOf: url)
    }

    /// Creates a file through `client`, as another device would.
    ///
    /// - Throws: the client's error.
    @discardableResult
    static func createFile(_ name: String, _ bytes: Data, _ client: FruitBasketClient) async throws -> WireItem {
        let upload = try await client.upload(bytes).upload
        let item = WireItem(
            id: "",
            parent: WireIdentifiers.root,
            name: name,
            kind: .file,
            contentVersion: 0,
            metadataVersion: 0
        )
        return try await client.createItem(CreateItemRequest(item: item, upload: upload)).item
    }
}
