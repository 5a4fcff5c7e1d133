import FileProviderKit
import Foundation

/// The TRASH checks of rule 6, *every change is reported, in a usable order* — a large folder deleted
/// from the trash (TRASH-21).
extension TrashChecks {
    static let largeDeletionFromTrash = ConformanceCheck(
        "TRASH-21",
        .trash,
        "a folder of 1,010 nested items deleted from the trash is reported in full in batches of 1 and 50 on fresh "
            + "enumerators and of 2 on one, and the trash's enumerator reports the folder deleted",
        rule: "Rules 6 and 14",
        clauses: ["R6.13", "R6.5", "R14.3"],
        rationale: "Emptying the trash is where most large deletions happen; a provider that purges a trashed folder "
            + "on its backend and reports only the folder, or only what one page of the backend's listing held, "
            + "leaves the folder's contents on every other device.",
        requires: [.writing, .trash]
    ) { context in
        let tree = try await ChangeChecks.makeDoomedTree(context)
        let trashed = try await context.move(try await context.item(tree.folder), to: .trashContainer)
        let workingSet = try await context.enumerator(.workingSet)
        context.note("currentSyncAnchor(workingSet) on that enumerator")
        let anchor = try context.requireAnchor(try await workingSet.currentSyncAnchor(), of: .workingSet)
        let trash = try await context.enumerator(.trashContainer)
        let trashAnchor = try await trash.currentSyncAnchor()
        try await context.delete(trashed, options: .recursive)
        for batchSize in ChangeChecks.deletionBatchSizes.freshEnumerators {
            try await ChangeChecks.expectDeletionCaughtUp(context, tree, from: anchor, batchSize: batchSize, on: nil)
        }
        try await ChangeChecks.expectDeletionCaughtUp(context, tree, from: anchor, batchSize: 2, on: workingSet)
        try await ChangeChecks.expectFolderDeletionReported(
            context,
            tree,
            by: trash,
            of: "the trash",
            since: trashAnchor
        )
    }
}
