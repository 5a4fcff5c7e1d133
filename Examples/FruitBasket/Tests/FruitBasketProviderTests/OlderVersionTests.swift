import FileProviderKit
import Foundation
import Testing

/// The server keeps a file's last three contents: fetching an older version gives its own bytes
/// while it is kept, and `versionNoLongerAvailable` once it is gone — never the latest bytes.
@Suite struct OlderVersionTests {
    @Test func anOlderVersionIsItsBytesWhileKeptThenGone() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("older-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func contents(_ text: String) throws -> URL {
            let url = folder.appendingPathComponent(UUID().uuidString)
            try Data(text.utf8).write(to: url)
            return url
        }
        try await LoopbackServer.withProvider { provider, _ in
            let template = ItemSnapshot(
                itemIdentifier: "template",
                parentItemIdentifier: .rootContainer,
                filename: "versions.txt",
                contentType: .plainText
            )
            let created = try await provider.createItem(
                basedOn: template,
                fields: [.filename, .contents],
                contents: try contents("first"),
                options: [],
                request: Request()
            )
            let item = try #require(created?.item)
            var current = ItemSnapshot(item)
            let first = current.itemVersion
            for text in ["second", "third", "fourth"] {
                let result = try await provider.modifyItem(
                    current,
                    baseVersion: current.itemVersion,
                    changedFields: .contents,
                    contents: try contents(text),
                    options: [],
                    request: Request()
                )
                let stored: any FileProviderItem = try #require(result).item
                current = ItemSnapshot(stored)
                if text == "second" {
                    let fetched = try await provider.fetchContents(
                        for: current.itemIdentifier,
                        version: first,
                        request: Request()
                    )
                    defer { try? FileManager.default.removeItem(at: fetched.url) }
                    #expect(try Data(contentsOf: fetched.url) == Data("first".utf8))
                    #expect(fetched.item.itemVersion.contentVersion == first.contentVersion)
                    #expect(fetched.item.documentSize == 5)
                }
            }
            await #expect {
                try await provider.fetchContents(for: current.itemIdentifier, version: first, request: Request())
            } throws: { error in
                (error as? FileProviderError)?.code == .versionNoLongerAvailable
            }
        }
    }
}
