import FileProviderKit
import Foundation

/// Trash checks of domains without a trash, and of restoring elsewhere.
extension TrashChecks {
    static let clauseChecks: [ConformanceCheck] = [trashMoveUndeclared, restoreElsewhere]

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
}
