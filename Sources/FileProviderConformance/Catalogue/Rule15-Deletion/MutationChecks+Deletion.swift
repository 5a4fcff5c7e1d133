import FileProviderKit
import Foundation

/// The MUT checks of rule 15, *deletion* (MUT-15, MUT-16, MUT-17, MUT-32, MUT-35).
extension MutationChecks {
    static let deleteRemotelyDeleted = ConformanceCheck(
        "MUT-35",
        .mutations,
        "deleting an item another client already deleted succeeds",
        rule: "Rule 15 (unknown items)",
        clauses: ["R15.3"],
        rationale: "Two devices emptying the same folder is ordinary; a provider that answers the second deletion "
            + "with an error makes the system retry it forever.",
        requires: [.writing, .remoteChanges]
    ) { context in
        let file = try await context.createFile(named: "both-delete.txt")
        let folder = try await context.createFolder(named: "Both")
        _ = try await context.createFile(named: "inside.txt", in: folder.itemIdentifier)
        let remote = try context.remote()
        for item in [file, folder] {
            context.note("remote: delete \(item.itemIdentifier)")
            try await remote.delete(item.itemIdentifier)
        }
        do {
            try await context.delete(file)
            try await context.delete(folder, options: .recursive)
        } catch {
            context.fail("deleting an item another client deleted failed", expected: "success", actual: "\(error)")
        }
    }

    static let staleDeletionAfterRename = ConformanceCheck(
        "MUT-32",
        .mutations,
        "deleting on a version older than a rename fails with deletionRejected carrying the current item",
        rule: "Rule 15 (deletionRejected)",
        clauses: ["R15.2"],
        rationale: "A provider that compares only content versions deletes a file another device just renamed or "
            + "moved, believing the deleting device saw it.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Moved")
        let file = try await context.createFile(named: "moving.txt")
        let moved = try await context.move(file, to: folder.itemIdentifier)
        let error = await context.expectError(
            .deletionRejected,
            "delete \(file.itemIdentifier) on its version before the move"
        ) {
            try await context.delete(file.itemIdentifier, baseVersion: file.itemVersion)
        }
        if let error {
            let carried = try context.require(error.item, "deletionRejected carries no item")
            context.expectEqual(carried.itemVersion, moved.itemVersion, "deletionRejected carries another version")
            context.expectEqual(
                carried.parentItemIdentifier,
                folder.itemIdentifier,
                "deletionRejected carries another parent"
            )
        }
        context.expectEqual(
            try await context.item(file.itemIdentifier).itemVersion,
            moved.itemVersion,
            "the refused deletion changed the item"
        )
    }

    static let deleteNonEmptyFolder = ConformanceCheck(
        "MUT-15",
        .mutations,
        "a non-empty folder is deleted only with recursive, and then with all its content",
        rule: "Rule 15 (directoryNotEmpty, recursive)",
        clauses: ["R15.1"],
        rationale: "A non-recursive deletion that takes the children with it destroys files the system still "
            + "thought were there.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Full")
        let child = try await context.createFile(named: "child.txt", in: folder.itemIdentifier)
        await context.expectError(.directoryNotEmpty, "delete the non-empty \(folder.itemIdentifier) without recursive")
        {
            try await context.delete(folder)
        }
        context.expectEqual(
            try await context.list(folder.itemIdentifier).map(\.itemIdentifier),
            [child.itemIdentifier],
            "the refused deletion changed the folder"
        )
        try await context.delete(try await context.item(folder.itemIdentifier), options: .recursive)
        for identifier in [folder.itemIdentifier, child.itemIdentifier] {
            await context.expectError(.noSuchItem, "item(for: \(identifier)) after the recursive deletion") {
                try await context.provider.item(for: identifier, request: Request())
            }
        }
    }

    static let staleDeletion = ConformanceCheck(
        "MUT-16",
        .mutations,
        "deleting with a stale base version fails with deletionRejected and keeps the item",
        rule: "Rule 15 (deletionRejected)",
        clauses: ["R15.2"],
        rationale: "A deletion based on an old version would destroy an edit the deleting device never saw.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "edited-elsewhere.txt", contents: Data("a".utf8))
        let written = try await context.write(Data("b".utf8), to: file)
        let error = await context.expectError(.deletionRejected, "delete \(file.itemIdentifier) on its stale version") {
            try await context.delete(file.itemIdentifier, baseVersion: file.itemVersion)
        }
        if let error {
            context.expectEqual(
                error.item?.itemVersion,
                written.itemVersion,
                "deletionRejected does not carry the current item"
            )
        }
        let (data, _) = try await context.fetch(file.itemIdentifier)
        context.expectEqual(data, Data("b".utf8), "the rejected deletion changed the file")
    }

    static let deleteUnknown = ConformanceCheck(
        "MUT-17",
        .mutations,
        "deleting an unknown identifier succeeds",
        rule: "Rule 15 (unknown items)",
        clauses: ["R15.3"],
        rationale: "A provider that fails here makes the system retry the deletion forever (a real bug with a 404).",
        requires: .writing
    ) { context in
        try await context.delete(ItemIdentifier("never-existed-\(context.seed)"), baseVersion: ItemVersion())
        let file = try await context.createFile(named: "twice.txt")
        try await context.delete(file)
        try await context.delete(file)
    }
}
