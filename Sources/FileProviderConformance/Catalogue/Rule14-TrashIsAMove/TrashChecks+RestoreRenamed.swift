import FileProviderKit
import Foundation

/// The TRASH checks of rule 14, *trash is a move* — a restore and a rename in one call (TRASH-16).
extension TrashChecks {
    static let restoreWithRename = ConformanceCheck(
        "TRASH-16",
        .trash,
        "a restore into a folder with a new name in one call ends with the item in the folder under the new "
            + "name, in the result, item(for:) and both listings, or returns the name as still pending",
        rule: "Rules 13 and 14 (modification, trash)",
        clauses: ["R13.1", "R14.2", "R14.5"],
        rationale: "Put Back into a folder that holds the name already gives the item a new name in the same call; "
            + "a provider that restores it and drops the rename, while reporting success, leaves the item under "
            + "a name the system does not know, and the next edit collides or lands on the wrong file.",
        requires: [.writing, .trash]
    ) { context in
        let folder = try await context.createFolder(named: "Back")
        let file = try await context.createFile(named: "draft.txt", contents: Data("keep".utf8))
        let trashed = try await context.move(file, to: .trashContainer)
        let result = try await context.modify(
            trashed,
            fields: [.parentItemIdentifier, .filename],
            description: "restore into \(folder.itemIdentifier) as \"final.txt\""
        ) {
            $0.parentItemIdentifier = folder.itemIdentifier
            $0.filename = "final.txt"
        }
        let pending = result.stillPendingFields
        let names: Set<String> = pending.contains(.filename) ? ["draft.txt", "final.txt"] : ["final.txt"]
        let expectedName = names.sorted().joined(separator: " or ")
        let returned = ItemSnapshot(result.item)
        let stored = try await context.item(file.itemIdentifier)
        let listed = try await context.list(folder.itemIdentifier)
        for (source, item) in [("the result", returned), ("item(for:)", stored)] {
            if !pending.contains(.parentItemIdentifier) {
                context.expectEqual(
                    item.parentItemIdentifier,
                    folder.itemIdentifier,
                    "after the restore with a rename, \(source) does not have the item in the folder"
                )
            }
            context.expect(
                names.contains(item.filename),
                "after the restore with a rename, \(source) has another name",
                expected: expectedName,
                actual: item.filename
            )
        }
        if !pending.contains(.parentItemIdentifier) {
            let entry = listed.first { $0.itemIdentifier == file.itemIdentifier }
            context.expect(
                entry.map { names.contains($0.filename) } ?? false,
                "after the restore with a rename, the folder does not list the item under the new name",
                expected: "\(file.itemIdentifier) named \(expectedName)",
                actual: "\(listed.map { "\($0.itemIdentifier) \($0.filename)" })"
            )
            let inTrash = try await context.list(.trashContainer).map(\.itemIdentifier)
            context.expect(
                !inTrash.contains(file.itemIdentifier),
                "after the restore with a rename, the trash still lists the item"
            )
        }
        let (data, _) = try await context.fetch(file.itemIdentifier)
        context.expectEqual(data, Data("keep".utf8), "the restore with a rename changed the content")
    }
}
