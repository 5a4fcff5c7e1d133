import FileProviderKit
import Foundation

/// The CNT checks of rule 10, *versions say what changed* (CNT-09).
extension ContentChecks {
    static let modificationDateMovesForward = ConformanceCheck(
        "CNT-09",
        .content,
        "contentModificationDate moves forward when content changes without an explicit date",
        rule: "Rule 10 (versions and metadata)",
        clauses: ["R10.4", "R10.1"],
        rationale: "Editors and backups compare modification dates; a date that stays put after an edit makes them "
            + "skip the new content.",
        requires: .writing
    ) { context in
        let old = Date(timeIntervalSince1970: 315_532_800)
        var template = context.template(named: "dated.txt", in: .rootContainer, contentType: .plainText)
        template.contentModificationDate = old
        template.creationDate = old
        let created = try await context.create(
            template,
            contents: Data("old".utf8),
            extraFields: [.contentModificationDate, .creationDate]
        )
        let before = try context.require(created.contentModificationDate, "the file has no contentModificationDate")
        let written = try await context.write(Data("new content".utf8), to: created)
        let after = try context.require(
            try await context.item(created.itemIdentifier).contentModificationDate,
            "the written file has no contentModificationDate"
        )
        context.expect(after > before, "new content kept the old contentModificationDate", actual: "\(after)")
        context.expect(
            written.itemVersion.contentVersion != created.itemVersion.contentVersion,
            "new content did not change contentVersion"
        )
    }
}
