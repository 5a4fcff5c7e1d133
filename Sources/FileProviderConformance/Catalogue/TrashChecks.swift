import FileProviderKit
import Foundation

/// Checks of the trash (`TRASH-…`).
enum TrashChecks {
    static let all: [ConformanceCheck] =
        [trashRoundTrip, restore, deleteFromTrash, trashReported, trashUndeclared] + clauseChecks
        + formerFolderChecks + membershipChecks + restoreChecks

    static let trashRoundTrip = ConformanceCheck(
        "TRASH-01",
        .trash,
        "trashing moves the item to the trash under the same identifier, listed there and in the working set",
        rule: "Rule 14 (trash)",
        clauses: ["R14.1", "R9.1", "R8.2"],
        rationale: "Trash is a move: an item that changes identifier in the trash cannot be restored with its history.",
        requires: [.writing, .trash],
        tier: .smoke
    ) { context in
        let file = try await context.createFile(named: "trash-me.txt")
        let trashed = try await context.move(file, to: .trashContainer)
        context.expectEqual(trashed.itemIdentifier, file.itemIdentifier, "trashing changed the identifier")
        context.expectEqual(trashed.parentItemIdentifier, .trashContainer, "the trashed item's parent is not the trash")
        let inTrash = try await context.list(.trashContainer).map(\.itemIdentifier)
        context.expect(inTrash.contains(file.itemIdentifier), "the trash does not list the trashed item")
        let inRoot = try await context.list(.rootContainer).map(\.itemIdentifier)
        context.expect(!inRoot.contains(file.itemIdentifier), "the trashed item is still listed in its old folder")
        let inWorkingSet = try await context.list(.workingSet).first { $0.itemIdentifier == file.itemIdentifier }
        context.expectEqual(
            inWorkingSet?.parentItemIdentifier,
            .trashContainer,
            "the working set does not list the trashed item under the trash"
        )
    }

    static let restore = ConformanceCheck(
        "TRASH-02",
        .trash,
        "restoring from the trash is a move back, keeping identifier and content",
        rule: "Rule 14 (trash)",
        clauses: ["R14.2", "R9.1"],
        rationale: "Restore arrives as a modification, never a creation; a provider that re-creates the item loses "
            + "its history and sharing.",
        requires: [.writing, .trash]
    ) { context in
        let folder = try await context.createFolder(named: "Home")
        let file = try await context.createFile(
            named: "back.txt",
            in: folder.itemIdentifier,
            contents: Data("keep".utf8)
        )
        let trashed = try await context.move(file, to: .trashContainer)
        let restored = try await context.move(trashed, to: folder.itemIdentifier)
        context.expectEqual(restored.itemIdentifier, file.itemIdentifier, "restoring changed the identifier")
        context.expectEqual(restored.parentItemIdentifier, folder.itemIdentifier, "the restored item is elsewhere")
        let (data, _) = try await context.fetch(file.itemIdentifier)
        context.expectEqual(data, Data("keep".utf8), "the restored item's content changed")
    }

    static let deleteFromTrash = ConformanceCheck(
        "TRASH-03",
        .trash,
        "deleting from the trash is permanent and reported, for a folder's descendants too",
        rule: "Rules 14 and 6",
        clauses: ["R14.3", "R6.5"],
        rationale: "Emptying the trash must remove the item everywhere, or it reappears on other devices.",
        requires: [.writing, .trash]
    ) { context in
        let file = try await context.createFile(named: "final.txt")
        let folder = try await context.createFolder(named: "Final")
        let child = try await context.createFile(named: "inside.txt", in: folder.itemIdentifier)
        let trashed = try await context.move(file, to: .trashContainer)
        let trashedFolder = try await context.move(folder, to: .trashContainer)
        let anchor = try await context.anchor()
        try await context.delete(trashed)
        try await context.delete(trashedFolder, options: .recursive)
        for identifier in [file.itemIdentifier, child.itemIdentifier] {
            await context.expectError(.noSuchItem, "item(for: \(identifier)) after deleting it from the trash") {
                try await context.provider.item(for: identifier, request: Request())
            }
        }
        let (_, deleted) = try await ChangeChecks.changes(context, since: anchor)
        for identifier in [file.itemIdentifier, folder.itemIdentifier, child.itemIdentifier] {
            context.expect(
                deleted.contains(identifier),
                "the deletion of \(identifier) from the trash was not reported"
            )
        }
    }

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

    static let trashUndeclared = ConformanceCheck(
        "TRASH-05",
        .trash,
        "without declared trash, enumerating the trash fails with featureUnsupported",
        rule: "Rule 14 and the capability cross-check",
        clauses: ["R14.4"],
        rationale: "The system tells \"no trash\" apart from an error only by featureUnsupported; noSuchItem or an "
            + "empty listing makes it believe the trash was emptied.",
        excludes: .trash,
        tier: .smoke
    ) { context in
        await context.expectError(.featureUnsupported, "list the trash of a domain without trash") {
            try await context.list(.trashContainer)
        }
    }
}
