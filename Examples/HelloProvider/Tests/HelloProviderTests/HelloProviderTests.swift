import FileProviderKit
import Foundation
import HelloProvider
import Testing

@Suite("HelloProvider")
struct HelloProviderTests {
    let provider = HelloProvider()

    @Test("the root lists two folders and a file, by name")
    func rootListing() async throws {
        let items = try await provider.enumerator(for: .rootContainer, request: Request()).allItems()
        #expect(items.map(\.filename) == ["Documents", "Photos", "hello.txt"])
    }

    @Test("the working set holds every item but the root, each with its real parent")
    func workingSet() async throws {
        let items = try await provider.enumerator(for: .workingSet, request: Request()).allItems()
        #expect(items.count == 5)
        #expect(!items.contains { $0.itemIdentifier == .rootContainer || $0.parentItemIdentifier == .workingSet })
    }

    @Test("pages of one item list the whole folder")
    func smallPages() async throws {
        let enumerator = try await provider.enumerator(for: .rootContainer, request: Request())
        var counts: [Int] = []
        for try await page in enumerator.pages(suggestedPageSize: 1) {
            counts.append(page.items.count)
        }
        #expect(counts == [1, 1, 1])
    }

    @Test("any page size works, the largest too, also from a page", arguments: [Int.max, Int.max - 1, 1 << 40])
    func hugePages(size: Int) async throws {
        let enumerator = try await provider.enumerator(for: .rootContainer, request: Request())
        #expect(try await enumerator.allItems(suggestedPageSize: size).count == 3)
        var pages = enumerator.pages(suggestedPageSize: 1).makeAsyncIterator()
        let next = try #require(try await pages.next()?.nextPage)
        let rest = try await enumerator.allItems(startingAt: next, suggestedPageSize: size)
        #expect(rest.map(\.filename) == ["Photos", "hello.txt"])
    }

    @Test("a file's content comes back as a file of its own")
    func fetch() async throws {
        let fetched = try await provider.fetchContents(for: "hello", version: nil, request: Request())
        defer { try? FileManager.default.removeItem(at: fetched.url) }
        #expect(try String(contentsOf: fetched.url, encoding: .utf8) == "Hello, world!\n")
        #expect(fetched.item.documentSize == 14)
    }

    @Test("every write fails with fileWriteNoPermission")
    func writesAreRefused() async throws {
        let hello = try await provider.item(for: "hello", request: Request())
        await #expect(throws: FileProviderError.self) {
            try await provider.deleteItem(
                identifier: "hello",
                baseVersion: hello.itemVersion,
                options: [],
                request: Request()
            )
        }
        do {
            _ = try await provider.modifyItem(
                hello,
                baseVersion: hello.itemVersion,
                changedFields: .filename,
                contents: nil,
                options: [],
                request: Request()
            )
            Issue.record("a rename succeeded")
        } catch let error as FileProviderError {
            #expect(error.code == .fileWriteNoPermission)
        }
    }

    @Test("the anchor reports no changes; a foreign anchor has expired")
    func changes() async throws {
        let enumerator = try await provider.enumerator(for: .workingSet, request: Request())
        let anchor = try #require(try await enumerator.currentSyncAnchor())
        let changes = try await enumerator.changes(since: anchor)
        #expect(changes.isEmpty)
        do {
            _ = try await enumerator.changes(since: try SyncAnchor(Data("someone else's".utf8)))
            Issue.record("a foreign anchor was accepted")
        } catch let error as FileProviderError {
            #expect(error.code == .syncAnchorExpired)
        }
    }
}
