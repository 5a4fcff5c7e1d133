import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

/// The contents file a caller hands in is read through symbolic links: the store keeps the
/// target's bytes.
@Suite("Contents files")
struct ContentSourceTests {
    @Test("a contents file that is a symbolic link stores its target's bytes, on create and on modify")
    func symbolicLinkContents() async throws {
        let fixture = try Fixture()
        let target = try fixture.files.write("target bytes")
        let link = fixture.files.url.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let template = ItemSnapshot(
            itemIdentifier: "t",
            parentItemIdentifier: .rootContainer,
            filename: "copied.txt",
            contentType: .plainText
        )
        let created = try #require(
            try await fixture.provider.createItem(
                basedOn: template,
                fields: [.filename, .contents],
                contents: link,
                options: [],
                request: Request()
            )
        )
        #expect(try await fixture.contents(of: created.item.itemIdentifier) == "target bytes")
        try Data("new bytes".utf8).write(to: target)
        _ = try await fixture.provider.modifyItem(
            created.item,
            baseVersion: created.item.itemVersion,
            changedFields: .contents,
            contents: link,
            options: [],
            request: Request()
        )
        #expect(try await fixture.contents(of: created.item.itemIdentifier) == "new bytes")
    }
}
