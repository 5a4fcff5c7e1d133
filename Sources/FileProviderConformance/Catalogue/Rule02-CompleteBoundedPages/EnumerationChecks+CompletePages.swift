import FileProviderKit
import Foundation

/// The ENUM checks of rule 2, *pages are complete and bounded* (ENUM-02, ENUM-03, ENUM-04, ENUM-05, ENUM-09, ENUM-10, ENUM-11, ENUM-12, ENUM-13, ENUM-14, ENUM-15, ENUM-17, ENUM-18, ENUM-19, ENUM-20).
extension EnumerationChecks {
    static let explicitDateOrder = ConformanceCheck(
        "ENUM-14",
        .enumeration,
        "a date-sorted listing follows explicit, distinct dates unlike name order, across small pages",
        rule: "Rule 2 (pages)",
        clauses: ["R2.4"],
        rationale: "With one date for every child a date-sorted listing cannot be wrong; with dates unlike name "
            + "order, a provider that sorts by name or forgets the order between pages shows.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Dated")
        let names = ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt", "f.txt", "g.txt"]
        let dayOffsets = [3, 6, 0, 5, 1, 4, 2]
        let base = Date(timeIntervalSince1970: 1_600_000_000)
        var stored: [String: Date] = [:]
        for (name, offset) in zip(names, dayOffsets) {
            let date = base.addingTimeInterval(Double(offset) * 86_400)
            var template = context.template(named: name, in: folder.itemIdentifier, contentType: .plainText)
            template.contentModificationDate = date
            template.creationDate = date
            let result = try await context.createResult(
                template,
                contents: Data(name.utf8),
                extraFields: [.contentModificationDate, .creationDate]
            )
            let item = try context.require(result?.item, "createItem(\(name)) returned no item")
            if result?.stillPendingFields.contains(.contentModificationDate) == true { continue }
            context.expectEqual(item.contentModificationDate, date, "\(name) was not stored with its explicit date")
            stored[name] = date
        }
        guard stored.count == names.count else { return }
        let listed = try await context.list(folder.itemIdentifier, pageSize: 3, startingAt: .initialPageSortedByDate)
            .map(\.filename)
        let ascending = names.sorted { stored[$0, default: base] < stored[$1, default: base] }
        context.expect(
            listed == ascending || listed == ascending.reversed(),
            "the date-sorted listing is not in the order of the items' dates",
            expected: "\(ascending) or its reverse",
            actual: "\(listed)"
        )
    }

    static let keysetUnderInsertsAndDeletes = ConformanceCheck(
        "ENUM-15",
        .enumeration,
        "with inserts and deletions between pages, each remaining child appears once, in name order",
        rule: "Rule 2 (pages)",
        clauses: ["R2.5", "R2.3"],
        rationale: "An offset page shifts when a listed sibling is deleted and skips a child; a page that is a "
            + "position in the order (a keyset) does not.",
        requires: .writing
    ) { context in
        let (folder, names) = try await populatedFolder(context, count: 16, named: "Shifting")
        var seen: [String] = []
        var deleted: Set<String> = []
        var page: Page? = .initialPageSortedByName
        var round = 0
        while let current = page, round < 100 {
            round += 1
            let enumerator = try await context.enumerator(folder.itemIdentifier)
            context.note("list one page of \(folder.itemIdentifier) (page size 2) on a fresh enumerator")
            var iterator = enumerator.pages(startingAt: current, suggestedPageSize: 2).makeAsyncIterator()
            let result = try context.require(try await iterator.next(), "a page is missing")
            seen += result.items.map(\.filename)
            page = result.nextPage
            if let listed = result.items.first {
                try await context.delete(ItemSnapshot(listed))
            }
            let cursor = seen.filter { names.contains($0) }.max() ?? ""
            let doomed = names.last { !deleted.contains($0) && !seen.contains($0) && $0 > cursor }
            if let doomed,
                let item = try await context.list(folder.itemIdentifier, pageSize: 50).first(where: {
                    $0.filename == doomed
                })
            {
                try await context.delete(item)
                deleted.insert(doomed)
            }
            if round.isMultiple(of: 2) {
                _ = try await context.createFile(named: "0-before-\(round).txt", in: folder.itemIdentifier)
            }
            _ = try await context.createFile(named: "zz-after-\(round).txt", in: folder.itemIdentifier)
        }
        for name in names where !deleted.contains(name) {
            let count = seen.count { $0 == name }
            context.expect(count == 1, "\(name) appeared \(count) times in a listing under mutation", expected: "1")
        }
        let original = seen.filter { names.contains($0) }
        context.expectEqual(original, original.sorted(), "children present throughout left name order")
    }

    static let exactNameOrder = ConformanceCheck(
        "ENUM-17",
        .enumeration,
        "names with digit runs of different lengths, mixed case and accents list in the contract's exact name order",
        rule: "Rule 2 (pages)",
        clauses: ["R2.3"],
        rationale: "A provider that sorts the way Finder shows names (file2 before file10) resumes its pages in "
            + "another order than the system expects, and rows jump or repeat.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Natural")
        let names = [
            "file2.txt", "file10.txt", "File1.txt", "file1a.txt", "file003.txt", "Zeta 9.txt", "zeta 10.txt",
            "\u{E9}t\u{E9}.txt", "ete.txt", "\u{C9}cole 2.txt",
        ]
        for name in names {
            _ = try await context.createFile(named: name, in: folder.itemIdentifier)
        }
        for pageSize in [1, 3, 100] {
            let listed = try await context.list(folder.itemIdentifier, pageSize: pageSize).map(\.filename)
            expectNameOrder(context, listed, of: names, " (page size \(pageSize))")
        }
    }

    static let dateTies = ConformanceCheck(
        "ENUM-18",
        .enumeration,
        "a date-sorted listing with more children sharing one date than a page holds yields each child once",
        rule: "Rule 2 (pages)",
        clauses: ["R2.1", "R2.4"],
        rationale: "A date keyset that resumes strictly after the last page's date drops the rest of a group of "
            + "children saved in the same second — a copy, an unzip, a sync — whenever a page ends inside it.",
        requires: .writing
    ) { context in
        let (folder, names) = try await populatedFolder(context, count: 8, named: "SameDate")
        let base = Date(timeIntervalSince1970: 1_650_000_000)
        try await setDates(context, in: folder.itemIdentifier, from: base, offsets: [0, 1, 1, 1, 1, 1, 1, 2], unit: 60)
        for pageSize in [1, 2, 4] {
            let listed = try await context.list(
                folder.itemIdentifier,
                pageSize: pageSize,
                startingAt: .initialPageSortedByDate
            ).map(\.filename)
            context.expect(
                listed.sorted() == names,
                "page size \(pageSize): the date-sorted listing with 6 children of one date lost or repeated children",
                expected: "\(names.count) distinct children",
                actual: "\(listed.count) items, \(Set(listed).count) distinct"
            )
        }
    }

    /// Names whose UTF-16 code-unit order differs from Unicode scalar order of their canonical
    /// form: an emoji (a surrogate pair, below U+FF21 in UTF-16, above it as a scalar), a fullwidth
    /// letter, and decomposed accents (before "f" as written, after it when composed).
    static let scalarNames = [
        "b.txt", "\u{FF21}.txt", "\u{1F600}.txt", "e\u{301}x.txt", "f.txt", "\u{FF5A}.txt", "\u{1F4C1} notes.txt",
        "o\u{308}l.txt", "\u{E9}y.txt",
    ]

    static let scalarNameOrder = ConformanceCheck(
        "ENUM-19",
        .enumeration,
        "names with emoji, fullwidth letters and decomposed accents list in the contract's name order",
        rule: "Rule 2 (pages)",
        clauses: ["R2.3"],
        rationale: "A provider that compares names as UTF-16 code units (as NSString and JavaScript do) sorts an "
            + "emoji before a fullwidth letter and a decomposed accent before its neighbours; the system, which "
            + "resumes pages in the contract's order, shows rows twice or not at all.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Scalars")
        for name in scalarNames {
            _ = try await context.createFile(named: name, in: folder.itemIdentifier)
        }
        let listed = try await context.list(folder.itemIdentifier, pageSize: 100).map(\.filename)
        expectNameOrder(context, listed, of: scalarNames)
    }

    static let scalarNameOrderAcrossPages = ConformanceCheck(
        "ENUM-20",
        .enumeration,
        "names with emoji, fullwidth letters and decomposed accents keep the contract's name order across pages",
        rule: "Rule 2 (pages)",
        clauses: ["R2.3", "R2.1"],
        rationale: "Pages resume after the last name delivered; a provider whose order is not the contract's "
            + "resumes at the wrong place when a page ends between an emoji and a fullwidth letter.",
        requires: .writing
    ) { context in
        for name in scalarNames {
            _ = try await context.createFile(named: name)
        }
        for pageSize in [1, 2, 4] {
            let listed = try await context.list(.rootContainer, pageSize: pageSize).map(\.filename)
            expectNameOrder(context, listed, of: scalarNames, " of the root (page size \(pageSize))")
        }
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
        expectDateOrder(context, listed, "the date-sorted listing is not in modification-date order")
    }

    /// Records a finding unless the dates of `listed` ascend or descend throughout (items without a
    /// date left out), with every item's name and date in the finding.
    static func expectDateOrder(_ context: CheckContext, _ listed: [ItemSnapshot], _ message: String) {
        context.expect(
            RandomizedRun.isInDateOrder(listed),
            message,
            actual: listed.map {
                "\($0.filename)@\($0.contentModificationDate.map { "\($0.timeIntervalSince1970)" } ?? "nil")"
            }
            .joined(separator: ", ")
        )
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
