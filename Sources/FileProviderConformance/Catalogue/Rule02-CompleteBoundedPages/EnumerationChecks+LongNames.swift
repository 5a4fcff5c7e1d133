import FileProviderKit
import Foundation

/// The ENUM checks of rule 2, *pages are complete and bounded* — 255-byte names (ENUM-23).
extension EnumerationChecks {
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
