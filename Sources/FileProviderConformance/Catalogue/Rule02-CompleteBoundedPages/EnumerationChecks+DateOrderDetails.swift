import FileProviderKit
import Foundation

/// The ENUM checks of rule 2, *complete, bounded pages* — date order down to fractions of a second,
/// folders among files (ENUM-68).
extension EnumerationChecks {
    static let dateOrderWithinASecondAndAmongFolders = ConformanceCheck(
        "ENUM-68",
        .enumeration,
        "a date-sorted listing orders dates apart by less than a second, and a folder among files, by date alone",
        rule: "Rule 2 (pages)",
        clauses: ["R2.4", "R2.1"],
        rationale: "A provider that sorts on dates cut to whole seconds, or puts folders first as Finder shows "
            + "them, serves pages out of date order: the next page resumes after the wrong key and the system's "
            + "date-sorted views shuffle.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Moments")
        let subfolder = try await context.createFolder(named: "Inner", in: folder.itemIdentifier)
        // The files' dates lie around the subfolder's, so that a listing that puts folders first is
        // out of order: four apart by fractions of a binary second (exact in a binary interval and
        // in nanoseconds) and out of name order, one a minute later, all before the subfolder's
        // date, and one after it.
        let middle = subfolder.contentModificationDate ?? Date(timeIntervalSince1970: 1_500_000_000)
        let early = middle.addingTimeInterval(-100).timeIntervalSinceReferenceDate.rounded(.down)
        let dated: [(String, TimeInterval)] = [
            ("a.txt", early + 0.75), ("b.txt", early + 0.25), ("c.txt", early + 0.5), ("d.txt", early + 0.375),
            ("e.txt", early + 60), ("z.txt", middle.timeIntervalSinceReferenceDate + 1_000),
        ]
        for (name, date) in dated {
            var template = context.template(named: name, in: folder.itemIdentifier, contentType: .plainText)
            template.contentModificationDate = Date(timeIntervalSinceReferenceDate: date)
            _ = try await context.create(template, contents: Data(name.utf8), extraFields: .contentModificationDate)
        }
        let expectedNames = (dated.map(\.0) + [subfolder.filename]).sorted()
        for pageSize in [1, 2, 200] {
            let listed = try await context.list(
                folder.itemIdentifier,
                pageSize: pageSize,
                startingAt: .initialPageSortedByDate
            )
            context.expectEqual(
                listed.map(\.filename).sorted(),
                expectedNames,
                "the date-sorted listing with pages of \(pageSize) lost or repeated children"
            )
            expectDateOrder(
                context,
                listed,
                "the date-sorted listing with pages of \(pageSize) is not in modification-date order"
            )
        }
    }
}
