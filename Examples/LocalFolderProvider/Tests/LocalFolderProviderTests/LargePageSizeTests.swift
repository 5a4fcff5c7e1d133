import FileProviderKit
import Foundation
import LocalFolderProvider
import Testing

/// Any positive page or batch size works, the largest too: a page holds at most that many items.
@Suite("Large page and batch sizes")
struct LargePageSizeTests {
    @Test("huge page and batch sizes list and report everything at once", arguments: [Int.max, Int.max - 1, 1 << 40])
    func hugeSizes(size: Int) async throws {
        let (provider, folders) = try LocalFolderProvider.temporary()
        defer { folders.remove() }
        let anchor = try await provider.anchor()
        for index in 0..<4 { _ = try await provider.create("f\(index).txt", text: "\(index)") }
        for container in [ItemIdentifier.rootContainer, .workingSet] {
            let enumerator = try await provider.enumerator(for: container, request: Request())
            #expect(try await enumerator.allItems(suggestedPageSize: size).count == 4)
            var pages = enumerator.pages(suggestedPageSize: 1).makeAsyncIterator()
            let next = try #require(try await pages.next()?.nextPage)
            #expect(try await enumerator.allItems(startingAt: next, suggestedPageSize: size).count == 3)
        }
        let enumerator = try await provider.enumerator(for: .workingSet, request: Request())
        #expect(try await enumerator.changes(since: anchor, suggestedBatchSize: size).updatedItems.count == 4)
        await provider.invalidate()
    }
}
