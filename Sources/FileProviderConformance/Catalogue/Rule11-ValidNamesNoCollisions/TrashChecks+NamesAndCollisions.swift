import FileProviderKit
import Foundation

/// The TRASH checks of rule 11, *names are valid, and collisions are refused* (TRASH-08, TRASH-10).
extension TrashChecks {
    /// Creates `name` in a folder and trashes it; returns the folder and the trashed item.
    private static func trashedItem(
        _ context: CheckContext,
        named name: String
    ) async throws -> (folder: ItemSnapshot, trashed: ItemSnapshot) {
        let folder = try await context.createFolder(named: "Home")
        let file = try await context.createFile(
            named: name,
            in: folder.itemIdentifier,
            contents: Data("trashed".utf8)
        )
        let trashed = try await context.move(file, to: .trashContainer)
        return (folder, trashed)
    }

    /// Records a finding unless the trash still lists `trashed` with its name.
    private static func expectStillTrashed(_ context: CheckContext, _ trashed: ItemSnapshot) async throws {
        let inTrash = try await context.list(.trashContainer).filter { $0.itemIdentifier == trashed.itemIdentifier }
        context.expectEqual(
            inTrash.map(\.filename),
            [trashed.filename],
            "the trash no longer lists the trashed item under its name"
        )
    }

    static let trashedNameFreeForCreation = ConformanceCheck(
        "TRASH-08",
        .trash,
        "a name held only by a trashed item can be created again in the folder it came from",
        rule: "Rules 11 and 12 (collisions, creation)",
        clauses: ["R11.2", "R12.1"],
        rationale: "Users trash a file and save a new one of the same name all the time; a provider that still "
            + "counts the trashed item among its former folder's names refuses the save with filenameCollision, "
            + "and the system renames the user's new file.",
        requires: [.writing, .trash]
    ) { context in
        let (folder, trashed) = try await trashedItem(context, named: "draft.txt")
        let created: ItemSnapshot
        do {
            created = try await context.createFile(
                named: "draft.txt",
                in: folder.itemIdentifier,
                contents: Data("new".utf8)
            )
        } catch let error as FileProviderError {
            throw context.abort(
                "creating the name of a trashed item in the folder it came from failed",
                expected: "success",
                actual: "\(error)"
            )
        }
        context.expect(created.itemIdentifier != trashed.itemIdentifier, "the creation returned the trashed item")
        context.expectEqual(created.filename, "draft.txt", "the new item has another name")
        context.expectEqual(created.parentItemIdentifier, folder.itemIdentifier, "the new item has another parent")
        let listed = try await context.list(folder.itemIdentifier).map(\.itemIdentifier)
        context.expectEqual(listed, [created.itemIdentifier], "the folder does not list exactly the new item")
        try await expectStillTrashed(context, trashed)
    }

    static let trashedNameFreeForRenames = ConformanceCheck(
        "TRASH-10",
        .trash,
        "a name held only by a trashed item is free for renames and moves in the folder it came from",
        rule: "Rule 11 (collisions)",
        clauses: ["R11.2"],
        rationale: "Replacing a trashed file by renaming or moving another one into its place is ordinary; a "
            + "provider that still counts the trashed item among its former folder's names refuses it.",
        requires: [.writing, .trash]
    ) { context in
        let (folder, trashed) = try await trashedItem(context, named: "notes.txt")
        let renamed = try await context.createFile(named: "renamed.txt", in: folder.itemIdentifier)
        let elsewhere = try await context.createFolder(named: "Elsewhere")
        let mover = try await context.createFile(named: "notes.txt", in: elsewhere.itemIdentifier)
        do {
            let result = try await context.rename(renamed, to: "notes.txt")
            context.expectEqual(result.filename, "notes.txt", "the rename returned another name")
            try await context.delete(try await context.item(renamed.itemIdentifier))
            let moved = try await context.move(mover, to: folder.itemIdentifier)
            context.expectEqual(moved.parentItemIdentifier, folder.itemIdentifier, "the move returned another parent")
        } catch let error as FileProviderError {
            throw context.abort(
                "renaming or moving onto the name of a trashed item in the folder it came from failed",
                expected: "success",
                actual: "\(error)"
            )
        }
        let listed = try await context.list(folder.itemIdentifier).map(\.itemIdentifier)
        context.expectEqual(listed, [mover.itemIdentifier], "the folder does not list exactly the moved item")
        try await expectStillTrashed(context, trashed)
    }
}
