import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

/// A page holds at most the suggested number of items, so any positive size must work: the
/// largest ones list everything in one page instead of sizing an allocation after the request.
@Suite("Large page and batch sizes")
struct LargePageSizeTests {
    static let sizes = [Int.max, Int.max - 1, 1 << 40]

    @Test("a huge page size lists every item in one page, from the start and from a page", arguments: sizes)
    func hugePages(size: Int) async throws {
        let fixture = try Fixture()
        for index in 0..<5 { try await fixture.createFile("f\(index)") }
        for container in [ItemIdentifier.rootContainer, .workingSet] {
            let enumerator = try await fixture.provider.enumerator(for: container, request: Request())
            let whole = PageRecorder(pageSize: size)
            await enumerator.enumerateItems(for: whole, startingAt: .initialPageSortedByName)
            #expect(whole.error == nil)
            #expect(whole.items.count == 5)
            #expect(whole.nextPage == .some(nil))
            let first = PageRecorder(pageSize: 2)
            await enumerator.enumerateItems(for: first, startingAt: .initialPageSortedByName)
            let next = try #require(first.nextPage ?? nil)
            let rest = PageRecorder(pageSize: size)
            await enumerator.enumerateItems(for: rest, startingAt: next)
            #expect(rest.error == nil)
            #expect(Set(first.items.map(\.itemIdentifier) + rest.items.map(\.itemIdentifier)).count == 5)
            #expect(rest.items.count == 3)
            #expect(rest.nextPage == .some(nil))
        }
    }

    @Test("a huge batch size reports every change in one batch", arguments: sizes)
    func hugeBatches(size: Int) async throws {
        let fixture = try Fixture()
        let anchor = try await fixture.currentAnchor()
        for index in 0..<5 { try await fixture.createFile("f\(index)") }
        let changes = try await fixture.changes(since: anchor, batchSize: size)
        #expect(changes.updatedItems.count == 5)
        #expect(changes.deletedItemIdentifiers.isEmpty)
    }
}
