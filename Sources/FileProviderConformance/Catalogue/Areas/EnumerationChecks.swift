import FileProviderKit
import Foundation

/// Checks of paged listings (`ENUM-…`).
///
/// The checks live in the catalogue's folders, one folder per rule of the behavioural contract; this
/// file lists them in report order and holds the helpers that checks of several rules share.
enum EnumerationChecks {
    static let all: [ConformanceCheck] = [
        emptyFolder, pageUnion, pageSizeBound, sortedByName, sortedByDate, repeatable, unknownContainer, garbagePage,
        resumption, underMutation, deepTree, parentIsContainer, largeFolder, explicitDateOrder,
        keysetUnderInsertsAndDeletes, pageOfOlderEpoch, exactNameOrder, dateTies, scalarNameOrder,
        scalarNameOrderAcrossPages, largeFolderEveryPageSize, largeWorkingSet, longNamePages, listingOfDeletedContainer,
        failedListingsReportNothing, canonicalPrefixesCreated, canonicalPrefixesRenamed, pageResumesAfterOtherCalls,
        interleavedListings, emptyContainersOnePage,
        largeTrashEveryPageSize, continuationPagesCarryEveryField, sortOrderPerListing, longPathPages,
        beyondBackendCaps, dateOrderWithinASecondAndAmongFolders,
    ]

    /// An enumerator made while its folder existed, with what it handed out before the folder went.
    struct StaleEnumerator {
        /// How the folder went, for findings: "deleted", "trashed, then deleted", ….
        let situation: String
        /// The folder the enumerator lists.
        let container: ItemIdentifier
        let enumerator: any Enumerator
        /// The enumerator's anchor before the deletion; `nil` when it does not report changes.
        let anchor: SyncAnchor?
        /// The page that followed the first page (of one item) before the deletion.
        let nextPage: Page?
    }

    /// Makes a folder with two files under `parent`, an enumerator for it, its anchor and its first
    /// page of one item.
    static func prepare(
        _ context: CheckContext,
        named name: String,
        in parent: ItemIdentifier,
        situation: String
    ) async throws -> (ItemSnapshot, StaleEnumerator) {
        let folder = try await context.createFolder(named: name, in: parent)
        for child in ["one.txt", "two.txt"] {
            _ = try await context.createFile(named: child, in: folder.itemIdentifier)
        }
        let enumerator = try await context.enumerator(folder.itemIdentifier)
        let anchor = try await context.changeAnchor(of: enumerator, for: folder.itemIdentifier)
        context.note("its first page (page size 1)")
        var pages = enumerator.pages(suggestedPageSize: 1).makeAsyncIterator()
        let first = try await pages.next()
        let stale = StaleEnumerator(
            situation: situation,
            container: folder.itemIdentifier,
            enumerator: enumerator,
            anchor: anchor,
            nextPage: first?.nextPage
        )
        return (folder, stale)
    }

    /// Deletes `folder` recursively, based on its current version.
    static func deleteCurrent(_ context: CheckContext, _ folder: ItemIdentifier) async throws {
        try await context.delete(try await context.item(folder), options: .recursive)
    }

    /// Enumerators of folders that were then deleted: directly, after a stay in the trash (when
    /// the subject has one), and as the child of a deleted folder.
    static func staleEnumerators(_ context: CheckContext) async throws -> [StaleEnumerator] {
        var stale: [StaleEnumerator] = []
        let (deleted, direct) = try await prepare(context, named: "Deleted", in: .rootContainer, situation: "deleted")
        try await deleteCurrent(context, deleted.itemIdentifier)
        stale.append(direct)
        if context.capabilities.contains(.trash) {
            let (trashed, viaTrash) = try await prepare(
                context,
                named: "Trashed",
                in: .rootContainer,
                situation: "trashed, then deleted"
            )
            _ = try await context.move(try await context.item(trashed.itemIdentifier), to: .trashContainer)
            try await deleteCurrent(context, trashed.itemIdentifier)
            stale.append(viaTrash)
        }
        let outer = try await context.createFolder(named: "Outer")
        let (_, nested) = try await prepare(
            context,
            named: "Inner",
            in: outer.itemIdentifier,
            situation: "deleted with the folder holding it"
        )
        try await deleteCurrent(context, outer.itemIdentifier)
        stale.append(nested)
        return stale
    }

    /// A name of exactly `byteCount` UTF-8 bytes: `lead`, then as many `unit`s as fit, then `x`s
    /// up to the length, then `tail`.
    static func longName(_ unit: String, bytes byteCount: Int, lead: String = "", tail: String = ".txt") -> String {
        let room = byteCount - lead.utf8.count - tail.utf8.count
        let units = room / unit.utf8.count
        let filler = room - units * unit.utf8.count
        return lead + String(repeating: unit, count: units) + String(repeating: "x", count: filler) + tail
    }

    /// Names of 250 to 255 UTF-8 bytes, distinct under either case rule and canonical equivalence:
    /// ASCII, two names differing only in their last bytes, one a prefix of another, precomposed
    /// and decomposed accents, CJK (3 bytes a character) and an emoji (4 bytes).
    static let longNames: [String] = [
        longName("a", bytes: 255),
        longName("a", bytes: 255, tail: "b.txt"),
        longName("a", bytes: 254),
        longName("\u{E9}", bytes: 255),
        longName("e\u{301}", bytes: 250),
        longName("\u{6587}", bytes: 253),
        longName("\u{1F4C1}", bytes: 252),
        longName("\u{FC}", bytes: 251, lead: "B"),
        longName("Z", bytes: 250),
    ]

    /// Lists `container` page by page from `start` with `pageSize` and returns its items in
    /// listing order; records a finding naming `clauses` and returns `nil` when the listing fails.
    static func listExpectingSuccess(
        _ context: CheckContext,
        _ container: ItemIdentifier,
        from start: Page,
        pageSize: Int,
        _ situation: String,
        clauses: [String]
    ) async -> [ItemSnapshot]? {
        do {
            return try await listPageByPage(context, container, from: start, pageSize: pageSize)
        } catch {
            context.fail(
                "the listing of \(situation) failed (page size \(pageSize), "
                    + "\(start == .initialPageSortedByDate ? "by date" : "by name"))",
                clauses: clauses,
                expected: "every page, each at most \(Page.maximumSize) bytes",
                actual: "\(error)"
            )
            return nil
        }
    }

    /// Records a finding unless `listed` holds each of `expected` exactly once, in the contract's
    /// name order or in modification-date order as `start` asks.
    static func expectListed(
        _ context: CheckContext,
        _ listed: [ItemSnapshot],
        _ expected: [ItemIdentifier: String],
        from start: Page,
        pageSize: Int
    ) {
        let byDate = start == .initialPageSortedByDate
        let situation = "page size \(pageSize), \(byDate ? "by date" : "by name")"
        let identifiers = listed.map(\.itemIdentifier)
        context.expect(
            identifiers.count == expected.count && Set(identifiers) == Set(expected.keys),
            "a listing of names of 250 to 255 bytes with \(situation) lost, repeated or added items",
            expected: "\(expected.count) items",
            actual: "\(identifiers.count) items, \(Set(identifiers).intersection(expected.keys).count) of them created"
        )
        context.expect(
            listed.allSatisfy { item in expected[item.itemIdentifier].map { $0 == item.filename } ?? true },
            "a listing with \(situation) changed a name of 250 to 255 bytes"
        )
        if byDate {
            let dates = listed.map { $0.contentModificationDate ?? .distantPast }
            context.expect(
                dates == dates.sorted() || dates == dates.sorted(by: >),
                "a listing of long names with \(situation) is not in modification-date order"
            )
        } else {
            expectNameOrder(context, listed.map(\.filename), of: Array(expected.values), " (\(situation))")
        }
    }

    /// How many children the scale checks make.
    static let scaleCount = 2_000

    /// Lists `container` page by page from `start` with `pageSize`, checking each page's size and
    /// next-page token, and returns the items in listing order.
    static func listPageByPage(
        _ context: CheckContext,
        _ container: ItemIdentifier,
        from start: Page,
        pageSize: Int
    ) async throws -> [ItemSnapshot] {
        let enumerator = try await context.enumerator(container)
        context.note("list \(container) page by page from \(start), page size \(pageSize)")
        var items: [ItemSnapshot] = []
        var oversize = 0
        for try await page in enumerator.pages(startingAt: start, suggestedPageSize: pageSize) {
            if page.items.count > pageSize { oversize += 1 }
            if let next = page.nextPage, next.rawValue.count > Page.maximumSize {
                context.fail(
                    "a next page of \(container) is longer than 500 bytes",
                    clauses: ["R2.2"],
                    actual: "\(next.rawValue.count) bytes"
                )
            }
            items += page.items.map { ItemSnapshot($0) }
        }
        context.expect(oversize == 0, "\(oversize) pages of \(container) held more than \(pageSize) items")
        return items
    }

    /// Makes a folder with `count` files named `file-000` … and returns it with the files' names.
    static func populatedFolder(
        _ context: CheckContext,
        count: Int,
        named name: String = "Listing"
    ) async throws
        -> (ItemSnapshot, [String])
    {
        let folder = try await context.createFolder(named: name)
        var names: [String] = []
        for index in 0..<count {
            let filename = String(format: "file-%03d.txt", index)
            _ = try await context.createFile(
                named: filename,
                in: folder.itemIdentifier,
                contents: Data("\(index)".utf8)
            )
            names.append(filename)
        }
        return (folder, names)
    }

    /// Records a finding unless `listed` is `names` in the contract's name order (`FilenameSortKey`:
    /// Unicode scalar order of the composed names), on the names or on their lowercased form with
    /// the name breaking ties.
    static func expectNameOrder(_ context: CheckContext, _ listed: [String], of names: [String], _ detail: String = "")
    {
        let byFoldedName = names.sorted {
            let (left, right) = (FilenameSortKey($0.lowercased()), FilenameSortKey($1.lowercased()))
            return left == right ? FilenameSortKey.precedes($0, $1) : left < right
        }
        let byName = names.sorted(by: FilenameSortKey.precedes)
        context.expect(
            listed == byFoldedName || listed == byName,
            "the name-sorted listing\(detail) is not in the contract's name order",
            expected: "\(byFoldedName) (case-insensitive) or \(byName)",
            actual: "\(listed)"
        )
    }
}
