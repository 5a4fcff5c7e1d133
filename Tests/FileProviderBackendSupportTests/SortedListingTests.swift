import FileProviderBackendSupport
import FileProviderKit
import Foundation
import Testing

@Suite struct SortedListingTests {
    static func names(_ listing: SortedListing, order: Page, limit: Int, epoch: UInt64 = 1) throws -> [String] {
        var page = order
        var names: [String] = []
        for _ in 0...listing.items.count {
            let (items, next) = try listing.page(startingAt: page, limit: limit, epoch: epoch)
            #expect(items.count <= limit)
            names += items.map(\.filename)
            guard let next else { return names }
            #expect(next.rawValue.count <= Page.maximumSize)
            page = next
        }
        return names
    }

    /// The NFC forms' scalar order, not the backend's byte order: a folder "a" (listed by S3 as
    /// "a/") sorts before "a-b" and "a.txt"; decomposed accents, digits and emoji in scalar order;
    /// and "Cafés" after a decomposed "Café", which Swift's `<` orders neither way.
    @Test(arguments: [1, 2, 3, 500]) func everyChildOnceInOneTotalOrder(limit: Int) throws {
        let names = ["a.txt", "a-b", "a", "file10", "file2", "Cafe\u{301}", "Caf\u{E9}s", "😀", "Ｚ", "B"]
        let children = names.enumerated().map { item(ItemIdentifier("i\($0.offset)"), $0.element) }
        let listing = SortedListing(container: .rootContainer, children: children, order: .name)
        let listed = try Self.names(listing, order: .initialPageSortedByName, limit: limit)
        let expected = ["B", "Cafe\u{301}", "Caf\u{E9}s", "a", "a-b", "a.txt", "file10", "file2", "Ｚ", "😀"]
        #expect(listed.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) })
    }

    @Test(arguments: [1, 2, 7]) func datesWithTiesAcrossPages(limit: Int) throws {
        let day = Date(timeIntervalSinceReferenceDate: 86_400)
        let children = (0..<12).map {
            item(ItemIdentifier("i\($0 % 10)\($0)"), "n\($0)", date: $0 % 3 == 0 ? nil : day)
        }
        let listing = SortedListing(container: "folder", children: children, order: .date)
        let listed = try Self.names(listing, order: .initialPageSortedByDate, limit: limit)
        #expect(Set(listed).count == 12)
        #expect(listed == listing.items.map(\.filename))
    }

    /// A listing rebuilt between pages (an item added, another removed) continues after the last
    /// key delivered: nothing that stayed is skipped or repeated.
    @Test func keysetPagesSurviveChangesBetweenPages() throws {
        let children = (0..<10).map { item(ItemIdentifier("i\($0)"), "n\($0)") }
        let first = SortedListing(container: .rootContainer, children: children, order: .name)
        let (page, next) = try first.page(startingAt: .initialPageSortedByName, limit: 4, epoch: 9)
        #expect(page.map(\.filename) == ["n0", "n1", "n2", "n3"])
        let changed = children.filter { $0.filename != "n2" && $0.filename != "n5" } + [item("new", "n35")]
        let second = SortedListing(container: .rootContainer, children: changed, order: .name)
        let (rest, end) = try second.page(startingAt: try #require(next), limit: 100, epoch: 9)
        #expect(rest.map(\.filename) == ["n35", "n4", "n6", "n7", "n8", "n9"])
        #expect(end == nil)
    }

    @Test func pagesOfAnotherEpochContainerOrGarbageExpire() throws {
        let children = (0..<3).map { item(ItemIdentifier("i\($0)"), "n\($0)") }
        let listing = SortedListing(container: "f", children: children, order: .name)
        let next = try #require(try listing.page(startingAt: .initialPageSortedByName, limit: 1, epoch: 5).next)
        for (page, epoch, container) in [
            (next, 6 as UInt64, "f" as ItemIdentifier), (try Page(Data("junk".utf8)), 5, "f"), (next, 5, "g"),
        ] {
            let other = SortedListing(container: container, children: children, order: .name)
            do {
                _ = try other.page(startingAt: page, limit: 1, epoch: epoch)
                Issue.record("a foreign page was honoured")
            } catch {
                #expect(error.code == .pageExpired)
            }
        }
        let byDate = SortedListing(container: "f", children: children, order: .date)
        #expect(throws: FileProviderError.self) { try byDate.page(startingAt: next, limit: 1, epoch: 5) }
    }

    /// The longest names fit: a token holds one name of 255 bytes, multi-byte ones included.
    @Test func longestNamesFitInAPage() throws {
        let long = String(repeating: "é", count: 126) + "a"
        let children = [item("a", long + "1"), item("b", long + "2"), item("c", long + "3")]
        let listing = SortedListing(container: .rootContainer, children: children, order: .name)
        #expect(try Self.names(listing, order: .initialPageSortedByName, limit: 1).count == 3)
    }
}
