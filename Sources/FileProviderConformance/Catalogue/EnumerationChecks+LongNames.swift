import FileProviderKit
import Foundation

/// Listings of names at the length limit: names of 250 to 255 UTF-8 bytes, ASCII and multi-byte,
/// sharing long prefixes, listed with pages of one and two items by name and by date, so that a
/// provider whose page token holds more than one filename cannot fit the 500 bytes a page may take.
extension EnumerationChecks {
    static let longNameChecks: [ConformanceCheck] = [longNamePages]

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

    static let longNamePages = ConformanceCheck(
        "ENUM-23",
        .enumeration,
        "a folder of names of 250 to 255 bytes lists completely with pages of 1 and 2, by name and by date",
        rule: "Rule 2 (pages)",
        clauses: ["R2.8", "R2.1"],
        rationale: "A page may take 500 bytes and a name 255: a provider whose page token holds the last name "
            + "twice (a cursor and a hint, or a path) passes every folder of short names, and cannot continue a "
            + "listing past a long one: the folder ends or fails there.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Long names")
        let base = Date(timeIntervalSince1970: 1_450_000_000)
        var expected: [ItemIdentifier: String] = [:]
        for (index, name) in longNames.enumerated() {
            var template = context.template(named: name, in: folder.itemIdentifier, contentType: .plainText)
            template.contentModificationDate = base.addingTimeInterval(Double(index % 3) * 60)
            let item = try await context.create(
                template,
                contents: Data("\(index)".utf8),
                extraFields: .contentModificationDate
            )
            expected[item.itemIdentifier] = name
        }
        for start in [Page.initialPageSortedByName, .initialPageSortedByDate] {
            for pageSize in [1, 2] {
                guard
                    let listed = await listExpectingSuccess(
                        context,
                        folder.itemIdentifier,
                        from: start,
                        pageSize: pageSize,
                        "a folder of names of 250 to 255 bytes",
                        clauses: ["R2.8"]
                    )
                else { continue }
                expectListed(context, listed, expected, from: start, pageSize: pageSize)
            }
        }
    }
}
