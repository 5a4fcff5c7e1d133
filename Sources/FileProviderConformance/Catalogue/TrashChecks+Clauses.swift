import FileProviderKit
import Foundation

/// Trash checks of domains without a trash.
extension TrashChecks {
    static let clauseChecks: [ConformanceCheck] = [trashMoveUndeclared]

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
}
