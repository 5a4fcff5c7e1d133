import FileProviderKit
import Foundation

/// The TRASH checks of rule 9, *provider identifiers* — the trash once emptied (TRASH-17).
extension TrashChecks {
    /// Records a finding unless the trash looks up as a folder in the root and lists empty, in one
    /// last page by name and by date, `situation` saying how it was emptied.
    static func expectEmptyTrash(_ context: CheckContext, _ situation: String) async throws {
        if let trash = try await ItemChecks.lookUpTrash(context, situation) {
            ItemChecks.expectTrash(context, trash, situation)
        }
        for start in [Page.initialPageSortedByName, .initialPageSortedByDate] {
            let enumerator: any Enumerator
            var pages: [ItemPage] = []
            do {
                enumerator = try await context.enumerator(.trashContainer)
                context.note("list the trash from \(start), page size 1")
                for try await page in enumerator.pages(startingAt: start, suggestedPageSize: 1) { pages.append(page) }
            } catch {
                context.fail(
                    "listing the trash from \(start) \(situation) failed",
                    clauses: ["R9.21", "R14.5"],
                    expected: "one empty last page",
                    actual: "\(error)"
                )
                continue
            }
            let items = pages.flatMap(\.items).map(\.itemIdentifier)
            context.expect(
                items.isEmpty,
                "the trash lists items \(situation)",
                expected: "no items",
                actual: "\(items)"
            )
        }
    }

    static let trashAfterEmptying = ConformanceCheck(
        "TRASH-17",
        .trash,
        "after the trash is emptied — its file deleted, its folder deleted with its contents, its last item restored "
            + "— item(for: trash) still returns the trash, a folder in the root, and the trash lists empty",
        rule: "Rule 9 (the reserved identifiers), rule 14 (the trash)",
        clauses: ["R9.21", "R14.3", "R14.5"],
        rationale: "A backend's trash folder object can vanish once it holds nothing; a provider that looks the "
            + "trash up through it answers noSuchItem after the user empties the trash, and the system drops the "
            + "trash from its view until the next item is trashed.",
        requires: [.writing, .trash]
    ) { context in
        try await expectEmptyTrash(context, "before anything was trashed")
        let file = try await context.createFile(named: "deleted-from-trash.txt")
        try await context.delete(try await context.move(file, to: .trashContainer))
        try await expectEmptyTrash(context, "after its only file was deleted from it")
        let folder = try await context.createFolder(named: "Deleted with contents")
        _ = try await context.createFile(named: "inner.txt", in: folder.itemIdentifier)
        let trashedFolder = try await context.move(folder, to: .trashContainer)
        try await context.delete(trashedFolder, options: .recursive)
        try await expectEmptyTrash(context, "after its only folder was deleted from it with its contents")
        let restored = try await context.createFile(named: "restored.txt")
        _ = try await context.move(try await context.move(restored, to: .trashContainer), to: .rootContainer)
        try await expectEmptyTrash(context, "after its only file was restored")
    }
}
