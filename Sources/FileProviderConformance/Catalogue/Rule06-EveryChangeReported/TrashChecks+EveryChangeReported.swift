import FileProviderKit
import Foundation

/// The TRASH checks of rule 6, *every change is reported, in a usable order* (TRASH-04).
extension TrashChecks {
    static let trashReported = ConformanceCheck(
        "TRASH-04",
        .trash,
        "trashing is reported as an update whose parent is the trash",
        rule: "Rules 6 and 14",
        clauses: ["R6.4", "R14.1"],
        rationale: "A trash reported as a deletion makes other devices delete the file for good.",
        requires: [.writing, .trash]
    ) { context in
        let file = try await context.createFile(named: "soft.txt")
        let anchor = try await context.anchor()
        _ = try await context.move(file, to: .trashContainer)
        let (updated, deleted) = try await ChangeChecks.changes(context, since: anchor)
        context.expect(!deleted.contains(file.itemIdentifier), "trashing was reported as a deletion")
        context.expectEqual(
            updated[file.itemIdentifier]?.parentItemIdentifier,
            .trashContainer,
            "trashing was not reported"
        )
    }
}
