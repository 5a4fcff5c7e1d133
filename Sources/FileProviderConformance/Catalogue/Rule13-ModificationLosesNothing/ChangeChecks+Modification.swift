import FileProviderKit
import Foundation

/// The CHG checks of rule 13, *modification applies everything, and loses nothing* (CHG-26).
extension ChangeChecks {
    static let contentWriteReportedWithFields = ConformanceCheck(
        "CHG-26",
        .changes,
        "a content write is reported, and listed, with every other field as stored before it",
        rule: "Rules 6 and 13 (every change, changed fields)",
        clauses: ["R13.2", "R6.2"],
        rationale: "The system replaces its record of an item with the update it is given; a provider that "
            + "uploads a save as a new file reports a new creation date and no extended attributes, and every "
            + "device drops them.",
        requires: .writing
    ) { context in
        let stored = try await KeptFields.createFile(context, named: "saved.txt", in: .rootContainer)
        let anchor = try await context.anchor()
        for round in 1...2 {
            _ = try await context.write(Data("save \(round)".utf8), to: try await context.item(stored.itemIdentifier))
        }
        let changes = try await context.changes(since: anchor)
        let update = try context.require(
            changes.updatedItems.last { $0.itemIdentifier == stored.itemIdentifier },
            "the content writes of \(stored.itemIdentifier) were not reported"
        )
        KeptFields.expectKept(context, update, as: stored, except: .contents, "in the reported update")
        let listed = try context.require(
            try await context.list(.rootContainer).first { $0.itemIdentifier == stored.itemIdentifier },
            "the root does not list \(stored.itemIdentifier) after the content writes"
        )
        KeptFields.expectKept(context, listed, as: stored, except: .contents, "in a fresh listing")
    }
}
