import FileProviderKit
import Foundation

/// The TRASH checks of rule 14, *trash is a move* (TRASH-01, TRASH-02, TRASH-03, TRASH-05, TRASH-06, TRASH-07, TRASH-09).
extension TrashChecks {
    static let trashMoveUndeclared = ConformanceCheck(
        "TRASH-06",
        .trash,
        "without declared trash, moving an item to the trash fails with featureUnsupported and keeps it",
        rule: "Rule 14 and the capability cross-check",
        clauses: ["R14.4", "R16.1"],
        rationale: "A domain without a trash that accepts a move into it hides the item in a place no listing "
            + "shows: the file is lost to the user.",
        requires: .writing,
        excludes: .trash
    ) { context in
        let file = try await context.createFile(named: "kept.txt")
        await context.expectError(
            .featureUnsupported,
            "move \(file.itemIdentifier) to the trash of a domain without trash"
        ) {
            try await context.move(file, to: .trashContainer)
        }
        let stored = try await context.item(file.itemIdentifier)
        context.expectEqual(ItemDigest(stored), ItemDigest(file), "the refused move to the trash changed the item")
    }

    static let restoreElsewhere = ConformanceCheck(
        "TRASH-07",
        .trash,
        "a file restored into another folder keeps its identifier, content and content version",
        rule: "Rule 14 (trash)",
        clauses: ["R14.2"],
        rationale: "Restoring is a move; a provider that re-uploads or resets the file on restore makes every device "
            + "download it again, or loses its content.",
        requires: [.writing, .trash]
    ) { context in
        let file = try await context.createFile(named: "kept.txt", contents: Data("kept bytes".utf8))
        let elsewhere = try await context.createFolder(named: "Elsewhere")
        let trashed = try await context.move(file, to: .trashContainer)
        let restored = try await context.move(trashed, to: elsewhere.itemIdentifier)
        context.expectEqual(restored.itemIdentifier, file.itemIdentifier, "restoring changed the identifier")
        context.expectEqual(
            restored.itemVersion.contentVersion,
            file.itemVersion.contentVersion,
            "restoring changed the content version"
        )
        let (data, fetched) = try await context.fetch(file.itemIdentifier)
        context.expectEqual(data, Data("kept bytes".utf8), "the restored file's content changed")
        context.expectEqual(fetched.parentItemIdentifier, elsewhere.itemIdentifier, "the restored file is elsewhere")
        let listed = try await context.list(elsewhere.itemIdentifier).map(\.itemIdentifier)
        context.expectEqual(listed, [file.itemIdentifier], "the folder restored into does not list the file")
    }

    static let trashRoundTripKeepsFields = ConformanceCheck(
        "TRASH-09",
        .trash,
        "trashing and restoring keep the dates, tags, favorite rank and extended attributes",
        rule: "Rule 14 (trash is a move) and rule 13 (fields kept)",
        clauses: ["R14.2", "R13.2"],
        rationale: "Trash is a move; a provider that trashes or restores by copying the file loses the user's "
            + "tags and favorites on the way, and the restored file is not the one that was trashed.",
        requires: [.writing, .trash]
    ) { context in
        let home = try await context.createFolder(named: "Home")
        let elsewhere = try await context.createFolder(named: "Elsewhere")
        let stored = try await KeptFields.createFile(context, named: "kept.txt", in: home.itemIdentifier)
        let moved: ItemFields = .parentItemIdentifier
        var current = stored
        for (step, target) in [("trashing", ItemIdentifier.trashContainer), ("restoring", home.itemIdentifier)] {
            let result = try await context.modify(
                current,
                fields: moved,
                description: "\(step): move to \(target), with every other field of the template different"
            ) {
                KeptFields.differ(&$0, except: moved, elsewhere: elsewhere.itemIdentifier)
                $0.parentItemIdentifier = target
            }
            KeptFields.expectKept(context, ItemSnapshot(result.item), as: stored, except: moved, "after \(step)")
            current = try await context.item(stored.itemIdentifier)
            KeptFields.expectKept(context, current, as: stored, except: moved, "from item(for:) after \(step)")
            context.expectEqual(current.parentItemIdentifier, target, "\(step) was not applied")
        }
    }

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
