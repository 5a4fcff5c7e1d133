import FileProviderKit
import Foundation

/// The MUT checks of rule 11, *names are valid, and collisions are refused* — every way onto a taken
/// name fails with the item that holds it (MUT-98).
extension MutationChecks {
    static let everyCollisionCarriesTheItem = ConformanceCheck(
        "MUT-98",
        .mutations,
        "a file and a folder moved, renamed or restored onto a taken name fail with filenameCollision carrying "
            + "the item that holds it, and stay where they were",
        rule: "Rule 11 (collisions)",
        clauses: ["R11.2"],
        rationale: "The system resolves a collision by renaming one side, and needs to know which item holds the "
            + "name; providers build that error in one place for creations and forget it in their move and restore "
            + "paths.",
        requires: .writing
    ) { context in
        let target = try await context.createFolder(named: "Target")
        for folder in [false, true] {
            let name = folder ? "Shared name" : "shared name.txt"
            let holder =
                folder
                ? try await context.createFolder(named: name, in: target.itemIdentifier)
                : try await context.createFile(named: name, in: target.itemIdentifier)
            let sameName =
                folder ? try await context.createFolder(named: name) : try await context.createFile(named: name)
            let other =
                folder
                ? try await context.createFolder(named: "Other", in: target.itemIdentifier)
                : try await context.createFile(named: "other.txt", in: target.itemIdentifier)

            /// Sends `edit` of `item` and records a finding unless it fails with `filenameCollision`
            /// carrying `holder` and leaves the item where and as it was.
            func expectRefused(
                _ situation: String,
                _ item: ItemSnapshot,
                _ fields: ItemFields,
                _ edit: (inout ItemSnapshot) -> Void
            ) async throws {
                let error = await context.expectError(.filenameCollision, situation) {
                    try await context.modifyResult(item, fields: fields, description: situation, edit)
                }
                if let error {
                    context.expectEqual(
                        error.item?.itemIdentifier ?? error.itemIdentifier,
                        holder.itemIdentifier,
                        "\(situation) failed without carrying the item that holds the name"
                    )
                }
                let after = try await context.item(item.itemIdentifier)
                context.expectEqual(
                    after.parentItemIdentifier,
                    item.parentItemIdentifier,
                    "\(situation), which failed, moved the item"
                )
                context.expectEqual(after.filename, item.filename, "\(situation), which failed, renamed the item")
            }

            try await expectRefused(
                "a move of the root's \(name) into the folder holding it",
                sameName,
                .parentItemIdentifier
            ) {
                $0.parentItemIdentifier = target.itemIdentifier
            }
            try await expectRefused("a rename of \(other.filename) onto \(name)", other, .filename) {
                $0.filename = name
            }
            if context.capabilities.contains(.trash) {
                let trashed = try await context.move(
                    try await context.item(sameName.itemIdentifier),
                    to: .trashContainer
                )
                try await expectRefused(
                    "a restore of the trashed \(name) into the folder holding it",
                    trashed,
                    .parentItemIdentifier
                ) {
                    $0.parentItemIdentifier = target.itemIdentifier
                }
            }
        }
    }
}
