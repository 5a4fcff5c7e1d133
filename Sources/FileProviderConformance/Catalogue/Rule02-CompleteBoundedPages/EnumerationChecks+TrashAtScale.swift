import FileProviderKit
import Foundation

/// The ENUM checks of rule 2, *pages are complete and bounded* — a trash of more than 1,000 items (ENUM-63).
extension EnumerationChecks {
    /// How many files the trash scale check trashes: past a backend's page of 1,000.
    static let trashScaleCount = 1_003

    static let largeTrashEveryPageSize = ConformanceCheck(
        "ENUM-63",
        .enumeration,
        "a trash of 1,003 items lists to the end with pages of 1, 200 and 1,000 by name, 7 and 500 by date",
        rule: "Rule 2 (pages), rule 14 (the trash)",
        clauses: ["R2.1", "R2.2", "R2.3", "R2.4", "R14.5"],
        rationale: "Real providers list the trash through another backend call than a folder (a deleted-items "
            + "endpoint) with its own paging: one that reads only its first page of 1,000 passes every folder "
            + "at scale and hides the rest of a large trash, which the user then cannot restore.",
        requires: [.writing, .trash]
    ) { context in
        context.note("create \(trashScaleCount) files in the root, dated out of name order with ties, and trash each")
        let base = Date(timeIntervalSince1970: 1_420_000_000)
        var trashed: Set<ItemIdentifier> = []
        for index in 0..<trashScaleCount {
            let filename = String(format: "trashed-%05d.txt", index)
            var template = context.template(named: filename, in: .rootContainer, contentType: .plainText)
            template.contentModificationDate = base.addingTimeInterval(Double(index * 7_919 % 900) * 60)
            let file = try await context.create(
                template,
                contents: Data("\(index)".utf8),
                extraFields: .contentModificationDate
            )
            trashed.insert(try await context.move(file, to: .trashContainer).itemIdentifier)
        }
        for start in [Page.initialPageSortedByName, .initialPageSortedByDate] {
            for pageSize in start == .initialPageSortedByName ? [1, 200, 1_000] : [7, 500] {
                let listed = try await listPageByPage(context, .trashContainer, from: start, pageSize: pageSize)
                expectComplete(context, listed, trashed, from: start, pageSize: pageSize)
                let elsewhere = listed.filter { $0.parentItemIdentifier != .trashContainer }.map(\.itemIdentifier)
                context.expect(
                    elsewhere.isEmpty,
                    "the trash's listing (page size \(pageSize)) holds items whose parent is not the trash",
                    actual: "\(elsewhere.count) items, for example \(elsewhere.prefix(3).map(\.rawValue))"
                )
            }
        }
    }
}
