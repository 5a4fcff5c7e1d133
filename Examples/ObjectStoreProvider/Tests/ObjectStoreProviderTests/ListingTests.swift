import FileProviderKit
import Foundation
import ObjectStoreProvider
import Testing

@Suite struct ListingTests {
    /// 25 children listed 4 keys an S3 request: the provider reads every S3 page, whatever the
    /// page size it is asked for.
    @Test(arguments: [1, 3, 25, 100]) func everyS3PageIsRead(pageSize: Int) async throws {
        let instance = try await OpenProvider(maxKeys: 4)
        defer { instance.remove() }
        let provider = instance.provider
        let folder = try await provider.create("many")
        var expected: [String] = []
        for index in 0..<21 {
            let name = "file\(index)"
            _ = try await provider.create(name, in: folder.itemIdentifier, text: name)
            expected.append(name)
        }
        for index in 0..<4 {
            _ = try await provider.create("sub\(index)", in: folder.itemIdentifier)
            expected.append("sub\(index)")
        }
        let before = instance.faults.requestCount
        let listed = try await provider.names(in: folder.itemIdentifier, pageSize: pageSize)
        #expect(listed == expected.sorted())
        // 25 keys (and the folder's own marker) at 4 a request: at least 7 ListObjectsV2 requests.
        #expect(instance.faults.requestCount - before >= 7)
    }

    /// Identifiers, contents and pages survive a restart: a new instance continues a listing an
    /// old one began.
    @Test func aRestartKeepsIdentifiersAndPages() async throws {
        let instance = try await OpenProvider(maxKeys: 2)
        defer { instance.remove() }
        let first = instance.provider
        let docs = try await first.create("docs")
        let note = try await first.create("note.txt", in: docs.itemIdentifier, text: "hello")
        _ = try await first.create("other.txt", in: docs.itemIdentifier, text: "x")
        let firstEnumerator = try #require(
            try await first.enumerator(for: docs.itemIdentifier, request: Request()) as? ObjectStoreEnumerator
        )
        let page = try await firstEnumerator.enumerateItems(startingAt: .initialPageSortedByName, limit: 1)
        let reopened = try await instance.restart()
        #expect(try await reopened.text(of: note.itemIdentifier) == "hello")
        #expect(try await reopened.key(of: note.itemIdentifier) == "docs/note.txt")
        let secondEnumerator = try #require(
            try await reopened.enumerator(for: docs.itemIdentifier, request: Request()) as? ObjectStoreEnumerator
        )
        let next = try await secondEnumerator.enumerateItems(startingAt: try #require(page.nextPage), limit: 10)
        #expect(next.items.map(\.filename) == ["other.txt"])
    }
}
