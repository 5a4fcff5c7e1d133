import FileProviderKit
import Foundation

/// The MUT checks of rule 16, *failures are atomic and typed* (MUT-23, MUT-33).
extension MutationChecks {
    static let reservedContainersCannotMove = ConformanceCheck(
        "MUT-33",
        .mutations,
        "the root, working set and trash cannot be moved or retagged",
        rule: "Rule 16 (errors, atomicity)",
        clauses: ["R16.4", "R16.1"],
        rationale: "Moving the root into one of its folders makes a cycle that no listing ends; the system walks it "
            + "forever.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Inside")
        let root = try await context.item(.rootContainer)
        let before = ItemDigest.map(try await context.tree())
        let refused: Set<FileProviderError.Code> = [.fileWriteNoPermission, .invalidArgument, .noSuchItem]
        for container in [ItemIdentifier.rootContainer, .workingSet, .trashContainer] {
            var template = root
            template.itemIdentifier = container
            await context.expectError(refused, "move \(container) into \(folder.itemIdentifier)") {
                try await context.move(template, to: folder.itemIdentifier)
            }
            await context.expectError(refused, "set the tags of \(container)") {
                try await context.modify(template, fields: .tagData, description: "set tagData") {
                    $0.tagData = Data([1])
                }
            }
        }
        context.expectEqual(ItemDigest(try await context.item(.rootContainer)), ItemDigest(root), "the root changed")
        context.expectEqual(
            ItemDigest.map(try await context.tree()),
            before,
            "refused changes of containers changed the tree"
        )
    }

    static let reservedContainers = ConformanceCheck(
        "MUT-23",
        .mutations,
        "the root, working set and trash cannot be modified or deleted",
        rule: "Rule 16 (errors, atomicity)",
        clauses: ["R16.4"],
        rationale: "Deleting or renaming the root through a stray call would take the whole domain with it.",
        requires: .writing
    ) { context in
        let root = try await context.item(.rootContainer)
        let refused: Set<FileProviderError.Code> = [.fileWriteNoPermission, .invalidArgument, .noSuchItem]
        for container in [ItemIdentifier.rootContainer, .workingSet, .trashContainer] {
            await context.expectError(refused, "delete \(container)") {
                try await context.delete(container, baseVersion: root.itemVersion, options: .recursive)
            }
            var template = root
            template.itemIdentifier = container
            await context.expectError(refused, "rename \(container)") {
                try await context.rename(template, to: "Renamed")
            }
        }
        let after = try await context.item(.rootContainer)
        context.expectEqual(after.filename, root.filename, "the root was renamed")
    }
}
