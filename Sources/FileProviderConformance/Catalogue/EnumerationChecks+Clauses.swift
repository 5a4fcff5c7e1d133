import FileProviderKit
import Foundation

/// Enumeration checks of date order with explicit dates, keyset pages under inserts and
/// deletions, and pages of an older store epoch.
extension EnumerationChecks {
    static let clauseChecks: [ConformanceCheck] = [
        explicitDateOrder, keysetUnderInsertsAndDeletes, pageOfOlderEpoch, exactNameOrder, dateTies,
    ]

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

    static let pageOfOlderEpoch = ConformanceCheck(
        "ENUM-16",
        .enumeration,
        "a page from before a store reset fails with pageExpired on a fresh enumerator; a new listing is whole",
        rule: "Rule 3 (expiry)",
        clauses: ["R3.2", "R3.4"],
        rationale: "A provider that resumes an old epoch's page over a restored store mixes two stores' orders and "
            + "silently drops or repeats children.",
        requires: [.writing, .storeResets]
    ) { context in
        let (folder, names) = try await populatedFolder(context, count: 7, named: "Reset")
        let enumerator = try await context.enumerator(folder.itemIdentifier)
        context.note("list the first page of \(folder.itemIdentifier) (page size 3)")
        var iterator = enumerator.pages(suggestedPageSize: 3).makeAsyncIterator()
        let page = try context.require(try await iterator.next()?.nextPage, "a folder of 7 items ended after 3")
        try await context.resetStore()
        await context.expectError(.pageExpired, "the rest of the listing from a page from before the reset") {
            try await context.list(folder.itemIdentifier, pageSize: 3, startingAt: page)
        }
        let relisted = try await context.list(folder.itemIdentifier, pageSize: 3).map(\.filename)
        context.expectEqual(relisted.sorted(), names, "a new listing after the reset lost or repeated children")
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
}
