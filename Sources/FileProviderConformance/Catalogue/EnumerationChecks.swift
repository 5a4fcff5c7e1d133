import FileProviderKit
import Foundation

/// Checks of paged listings (`ENUM-…`).
enum EnumerationChecks {
    static let all: [ConformanceCheck] =
        [
            emptyFolder, pageUnion, pageSizeBound, sortedByName, sortedByDate, repeatable, unknownContainer,
            garbagePage, resumption, underMutation, deepTree, parentIsContainer, largeFolder,
        ] + clauseChecks + scalarChecks + scaleChecks + longNameChecks + deletedContainerChecks
        + failedCallChecks + canonicalPrefixChecks
        + reuseChecks

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

    /// Sets the modification date of the children of `folder`, in name order, to `base` plus the
    /// matching entry of `offsets` times `unit` seconds; four equal offsets make a tie of four.
    static func setDates(
        _ context: CheckContext,
        in folder: ItemIdentifier,
        from base: Date,
        offsets: [Int],
        unit: Double
    ) async throws {
        for (position, child) in try await context.list(folder).enumerated() {
            let date = base.addingTimeInterval(Double(offsets[position % offsets.count]) * unit)
            _ = try await context.modify(
                child,
                fields: .contentModificationDate,
                description: "set its date to \(date)"
            ) {
                $0.contentModificationDate = date
            }
        }
    }

    static let emptyFolder = ConformanceCheck(
        "ENUM-01",
        .enumeration,
        "an empty folder lists no items and ends",
        rule: "Rules 1 and 2 (finish, pages)",
        clauses: ["R1.1", "R1.2"],
        rationale: "A listing that never finishes, or invents items, leaves the folder spinning or wrong in Finder.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let folder = try await context.createFolder(named: "Empty")
        let items = try await context.list(folder.itemIdentifier, pageSize: 10)
        context.expect(
            items.isEmpty,
            "an empty folder listed items",
            actual: items.map(\.filename).joined(separator: ", ")
        )
    }

    static let pageUnion = ConformanceCheck(
        "ENUM-02",
        .enumeration,
        "following pages yields every child exactly once, for any page size",
        rule: "Rule 2 (pages)",
        clauses: ["R2.1"],
        rationale: "Dropping the next page silently truncates large folders (a real bug: folders past 1,500 items "
            + "lost their tail); repeating one shows duplicates.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let (folder, names) = try await populatedFolder(context, count: 23)
        for pageSize in [1, 2, 7, 22, 23, 24, 1_000] {
            let listed = try await context.list(folder.itemIdentifier, pageSize: pageSize).map(\.filename)
            context.expect(
                listed.sorted() == names,
                "page size \(pageSize): the pages do not hold every child exactly once",
                expected: "\(names.count) distinct children",
                actual: "\(listed.count) items, \(Set(listed).count) distinct"
            )
        }
    }

    static let pageSizeBound = ConformanceCheck(
        "ENUM-03",
        .enumeration,
        "no page holds more items than suggested, and only the last page is empty",
        rule: "Rule 2 (pages)",
        clauses: ["R2.2"],
        rationale: "The system sizes its buffers on the suggested page size; oversize pages interrupt enumeration.",
        requires: .writing
    ) { context in
        let (folder, _) = try await populatedFolder(context, count: 10)
        let enumerator = try await context.enumerator(folder.itemIdentifier)
        for pageSize in [1, 3, 4] {
            context.note("list \(folder.itemIdentifier) page by page, page size \(pageSize)")
            var pages: [Int] = []
            for try await page in enumerator.pages(suggestedPageSize: pageSize) {
                pages.append(page.items.count)
                if page.items.isEmpty && page.nextPage != nil {
                    context.fail("page size \(pageSize): an empty page is followed by another page")
                }
            }
            context.expectEqual(pages.reduce(0, +), 10, "page size \(pageSize): the pages do not add up to 10 items")
        }
    }

    static let sortedByName = ConformanceCheck(
        "ENUM-04",
        .enumeration,
        "a listing from the name-sorted initial page is in name order across pages",
        rule: "Rule 2 (pages)",
        clauses: ["R2.3"],
        rationale: "The system appends pages as they come; a listing out of order makes rows jump in Finder.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Sorted")
        let names = [
            "delta.txt", "Alpha.txt", "charlie.txt", "bravo.txt", "Echo.txt", "alpha-2.txt", "0-zero.txt",
            "file2.txt", "file10.txt", "File1.txt", "file1a.txt",
        ]
        for name in names {
            _ = try await context.createFile(named: name, in: folder.itemIdentifier)
        }
        expectNameOrder(context, try await context.list(folder.itemIdentifier, pageSize: 2).map(\.filename), of: names)
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

    static let sortedByDate = ConformanceCheck(
        "ENUM-05",
        .enumeration,
        "a date-sorted listing is in modification-date order across pages, after date edits sharing one date",
        rule: "Rule 2 (pages)",
        clauses: ["R2.4"],
        rationale: "Recents and date-sorted views depend on the order; a listing out of order makes rows jump.",
        requires: .writing
    ) { context in
        let (folder, names) = try await populatedFolder(context, count: 7, named: "ByDate")
        let base = Date(timeIntervalSince1970: 1_500_000_000)
        try await setDates(context, in: folder.itemIdentifier, from: base, offsets: [3, 3, 6, 3, 5, 3, 4], unit: 3_600)
        let listed = try await context.list(folder.itemIdentifier, pageSize: 3, startingAt: .initialPageSortedByDate)
        context.expectEqual(listed.map(\.filename).sorted(), names, "the date-sorted listing lost or repeated children")
        let dates = listed.map { $0.contentModificationDate ?? .distantPast }
        context.expect(
            dates == dates.sorted() || dates == dates.sorted(by: >),
            "the date-sorted listing is not in modification-date order",
            actual: listed.map {
                "\($0.filename)@\($0.contentModificationDate.map { "\($0.timeIntervalSince1970)" } ?? "nil")"
            }
            .joined(separator: ", ")
        )
    }

    static let repeatable = ConformanceCheck(
        "ENUM-06",
        .enumeration,
        "two listings with no change in between are identical",
        rule: "Rules 2 and 7 (pages, no loops)",
        clauses: ["R7.2"],
        rationale: "A listing that varies with no change makes the system see phantom updates on every visit.",
        tier: .smoke
    ) { context in
        if context.capabilities.contains(.writing) {
            _ = try await populatedFolder(context, count: 5)
        }
        let first = try await context.tree(pageSize: 2)
        let second = try await context.tree(pageSize: 3)
        context.expectEqual(second, first, "two listings with no change in between differ")
    }

    static let unknownContainer = ConformanceCheck(
        "ENUM-07",
        .enumeration,
        "listing an unknown container or a file fails with noSuchItem",
        rule: "Rule 16 (errors)",
        clauses: ["R16.2"],
        rationale: "The system asks for identifiers outside the provider's space (for example `__fp/…`); anything "
            + "but noSuchItem leaves it retrying or crashes the provider."
    ) { context in
        await context.expectError(.noSuchItem, "list an identifier never assigned") {
            try await context.list(ItemIdentifier("__fp/unknown-\(context.seed)"))
        }
        let file: ItemSnapshot?
        if context.capabilities.contains(.writing) {
            file = try await context.createFile(named: "not-a-folder.txt")
        } else {
            file = try await context.tree().first { !$0.contentType.isDirectory }
        }
        if let file {
            await context.expectError([.noSuchItem, .invalidArgument], "list the file \(file.itemIdentifier)") {
                try await context.list(file.itemIdentifier)
            }
        }
    }

    static let garbagePage = ConformanceCheck(
        "ENUM-08",
        .enumeration,
        "a garbage page fails with pageExpired, never an empty success",
        rule: "Rule 3 (expiry)",
        clauses: ["R3.1"],
        rationale: "An empty success on a page the provider cannot read truncates the folder silently; pageExpired "
            + "makes the system restart the listing.",
        tier: .smoke
    ) { context in
        let enumerator = try await context.enumerator(.rootContainer)
        let garbage: [(String, Data)] = [
            ("empty bytes", Data()),
            (
                "random bytes",
                Data(context.random { generator in (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) } })
            ),
            ("a JSON-looking page", Data(#"{"offset":999999999,"sort":"name"}"#.utf8)),
            ("500 bytes of 0xFF", Data(repeating: 0xFF, count: 500)),
        ]
        for (label, bytes) in garbage {
            let page = try Page(bytes)
            await context.expectError(.pageExpired, "enumerateItems(startingAt: \(label))") {
                try await enumerator.pages(startingAt: page, suggestedPageSize: 10).first { _ in true }
            }
        }
    }

    static let resumption = ConformanceCheck(
        "ENUM-09",
        .enumeration,
        "a page handed back resumes the listing, also on a fresh enumerator",
        rule: "Rules 2 and 5 (pages, state in the token)",
        clauses: ["R2.7"],
        rationale: "The system may resume a listing with a new enumerator; a page that only works on the enumerator "
            + "that made it loses the rest of the folder.",
        requires: .writing
    ) { context in
        let (folder, names) = try await populatedFolder(context, count: 9)
        let first = try await context.enumerator(folder.itemIdentifier)
        context.note("list the first page of \(folder.itemIdentifier) (page size 4)")
        var iterator = first.pages(suggestedPageSize: 4).makeAsyncIterator()
        let page = try context.require(try await iterator.next(), "the first page is missing")
        let next = try context.require(page.nextPage, "a folder of 9 items ended after 4 with page size 4")
        let fresh = try await context.enumerator(folder.itemIdentifier)
        context.note("list the rest from the handed-back page on a fresh enumerator")
        let rest = try await fresh.allItems(startingAt: next, suggestedPageSize: 4).map(\.filename)
        let again = try await fresh.allItems(startingAt: next, suggestedPageSize: 4).map(\.filename)
        context.expectEqual(
            (page.items.map(\.filename) + rest).sorted(),
            names,
            "resuming on a fresh enumerator lost or repeated children"
        )
        context.expectEqual(again, rest, "resuming twice from the same page gave different items")
    }

    static let underMutation = ConformanceCheck(
        "ENUM-10",
        .enumeration,
        "items present during a whole listing appear exactly once despite changes between pages",
        rule: "Rule 2 (pages)",
        clauses: ["R2.5"],
        rationale: "Offset-based pages skip or repeat items when siblings are added or removed between pages; the "
            + "system then shows duplicates or misses files.",
        requires: .writing
    ) { context in
        let (folder, names) = try await populatedFolder(context, count: 20)
        let enumerator = try await context.enumerator(folder.itemIdentifier)
        var seen: [String] = []
        var page: Page? = .initialPageSortedByName
        var round = 0
        while let current = page {
            context.note("list one page of \(folder.itemIdentifier) (page size 3)")
            var iterator = enumerator.pages(startingAt: current, suggestedPageSize: 3).makeAsyncIterator()
            let result = try context.require(try await iterator.next(), "a page is missing")
            seen += result.items.map(\.filename)
            page = result.nextPage
            round += 1
            _ = try await context.createFile(named: "added-\(round).txt", in: folder.itemIdentifier)
            _ = try await context.createFile(named: "0-added-\(round).txt", in: folder.itemIdentifier)
        }
        for name in names {
            let count = seen.count { $0 == name }
            context.expect(count == 1, "\(name) appeared \(count) times in a listing under mutation", expected: "1")
        }
    }

    static let deepTree = ConformanceCheck(
        "ENUM-11",
        .enumeration,
        "a deep tree with look-alike names lists every item under its own parent",
        rule: "Rules 2 and 6 (pages, parents)",
        clauses: ["R2.6", "R2.1"],
        rationale: "Providers that match children by path prefix put \"photos-backup\" under \"photos\" (a real bug) "
            + "or lose items below a few levels.",
        requires: .writing
    ) { context in
        var expected: [String: String] = [:]
        var parent = ItemIdentifier.rootContainer
        var parentName = "root"
        for _ in 0..<6 {
            let folder = try await context.createFolder(named: "photos", in: parent)
            let trap = try await context.createFolder(named: "photos-backup", in: parent)
            let file = try await context.createFile(named: "photos.txt", in: parent)
            for item in [folder, trap, file] {
                expected[item.itemIdentifier.rawValue] = parentName
            }
            parent = folder.itemIdentifier
            parentName = folder.itemIdentifier.rawValue
        }
        var actual: [String: String] = [:]
        for item in try await context.tree(pageSize: 2) {
            actual[item.itemIdentifier.rawValue] =
                item.parentItemIdentifier == .rootContainer ? "root" : item.parentItemIdentifier.rawValue
        }
        context.expectEqual(actual, expected, "the tree's items are not all under their own parents")
    }

    static let parentIsContainer = ConformanceCheck(
        "ENUM-12",
        .enumeration,
        "a container's listing holds only items whose parent is that container",
        rule: "Rule 2 (pages)",
        clauses: ["R2.6"],
        rationale: "The system files listed items under the container it asked for; an item with another parent "
            + "ends up in two places.",
        tier: .smoke
    ) { context in
        if context.capabilities.contains(.writing) {
            let folder = try await context.createFolder(named: "Parent")
            _ = try await context.createFile(named: "child.txt", in: folder.itemIdentifier)
        }
        var pending: [ItemIdentifier] = [.rootContainer]
        while let container = pending.popLast() {
            for item in try await context.list(container) {
                context.expectEqual(
                    item.parentItemIdentifier,
                    container,
                    "\(item.itemIdentifier) was listed in \(container) with another parent"
                )
                if item.contentType.isDirectory { pending.append(item.itemIdentifier) }
            }
        }
    }

    static let largeFolder = ConformanceCheck(
        "ENUM-13",
        .enumeration,
        "a folder of 1,000 items lists completely with small pages",
        rule: "Rule 2 (pages)",
        clauses: ["R2.1", "R2.2"],
        rationale: "Truncation bugs only show past a server's own page size; a thousand children with pages of 37 "
            + "cross many page boundaries.",
        requires: .writing,
        tier: .exhaustive
    ) { context in
        let (folder, names) = try await populatedFolder(context, count: 1_000, named: "Large")
        let listed = try await context.list(folder.itemIdentifier, pageSize: 37).map(\.filename)
        context.expectEqual(listed.sorted(), names, "a 1,000-item folder did not list completely")
    }
}
