import FileProviderKit
import Foundation

/// The TRASH checks of rule 14, *trash is a move* — restoring items, also into a folder deleted meanwhile (TRASH-12, TRASH-13, TRASH-14).
extension TrashChecks {
    static let restoredLeavesTrashEnumerator = ConformanceCheck(
        "TRASH-12",
        .trash,
        "the trash's enumerator made before a restore lists neither the restored folder nor its children",
        rule: "Rule 14 (trash)",
        clauses: ["R14.5", "R14.2"],
        rationale: "The system keeps the trash's enumerator and pages through it again; one that remembers what it "
            + "listed shows a restored folder in the trash and in its place, and emptying the trash deletes it.",
        requires: [.writing, .trash]
    ) { context in
        let folder = try await context.createFolder(named: "Album")
        let photo = try await context.createFile(named: "photo.jpg", in: folder.itemIdentifier)
        let loose = try await context.createFile(named: "loose.txt")
        let trashedFolder = try await context.move(folder, to: .trashContainer)
        let trashedLoose = try await context.move(loose, to: .trashContainer)
        let enumerator = try await context.enumerator(.trashContainer)
        context.note("list the trash on the enumerator made now (page size 1)")
        let before = try await enumerator.allItems(suggestedPageSize: 1).map(\.itemIdentifier)
        context.expectEqual(
            Set(before),
            [folder.itemIdentifier, loose.itemIdentifier],
            "the trash does not list the two trashed items"
        )
        _ = try await context.move(trashedFolder, to: .rootContainer)
        for pageSize in [1, 100] {
            context.note("list the trash again on the enumerator made before the restore (page size \(pageSize))")
            let after = try await enumerator.allItems(suggestedPageSize: pageSize).map(\.itemIdentifier)
            context.expectEqual(
                after,
                [trashedLoose.itemIdentifier],
                "after restoring \(folder.itemIdentifier), the trash's enumerator made before still lists it"
            )
            context.expect(
                !after.contains(photo.itemIdentifier),
                "the trash lists a child of the restored folder"
            )
        }
        let restored = try await context.list(folder.itemIdentifier).map(\.itemIdentifier)
        context.expectEqual(restored, [photo.itemIdentifier], "the restored folder lost its child")
    }

    /// Trashes `item`, deletes its folder `folder` (trashing it first when `viaTrash`), then
    /// restores `item` into it, expecting noSuchItem; returns the item as the trash still holds it.
    private static func restoreIntoDeleted(
        _ context: CheckContext,
        _ item: ItemSnapshot,
        from folder: ItemSnapshot,
        viaTrash: Bool
    ) async throws -> ItemSnapshot {
        let trashed = try await context.move(item, to: .trashContainer)
        if viaTrash {
            let trashedFolder = try await context.move(
                try await context.item(folder.itemIdentifier),
                to: .trashContainer
            )
            try await context.delete(trashedFolder, options: .recursive)
        } else {
            try await context.delete(try await context.item(folder.itemIdentifier), options: .recursive)
        }
        await context.expectError(
            .noSuchItem,
            "restore \(item.itemIdentifier) into the deleted \(folder.itemIdentifier)"
        ) {
            try await context.modifyResult(trashed, fields: .parentItemIdentifier, description: "restore") {
                $0.parentItemIdentifier = folder.itemIdentifier
            }
        }
        let still: ItemSnapshot
        do {
            still = try await context.item(item.itemIdentifier)
        } catch let error as FileProviderError where error.code == .noSuchItem {
            throw context.abort(
                "the item whose restore into a deleted folder failed is gone: the user's item is lost",
                expected: "the item, still in the trash",
                actual: "\(error)"
            )
        }
        context.expectEqual(still.parentItemIdentifier, .trashContainer, "the failed restore moved the item")
        context.expectEqual(ItemDigest(still), ItemDigest(trashed), "the failed restore changed the item")
        let inTrash = try await context.list(.trashContainer).map(\.itemIdentifier)
        context.expect(
            inTrash.contains(item.itemIdentifier),
            "the trash no longer lists the item after the failed restore"
        )
        return still
    }

    static let restoreIntoDeletedFolderKeepsFile = ConformanceCheck(
        "TRASH-13",
        .trash,
        "restoring a file into a folder deleted meanwhile fails with noSuchItem and keeps it in the trash",
        rule: "Rule 14 (trash)",
        clauses: ["R14.6", "R12.2"],
        rationale: "Put Back targets the folder the file came from; when another device deleted that folder, a "
            + "provider that drops the file, or files it under the vanished folder, loses the one copy the user "
            + "tried to rescue.",
        requires: [.writing, .trash]
    ) { context in
        let folder = try await context.createFolder(named: "Projects")
        let file = try await context.createFile(
            named: "plan.txt",
            in: folder.itemIdentifier,
            contents: Data("keep me".utf8)
        )
        let still = try await restoreIntoDeleted(context, file, from: folder, viaTrash: false)
        let (data, _) = try await context.fetch(file.itemIdentifier)
        context.expectEqual(data, Data("keep me".utf8), "the failed restore changed the file's content")
        let back = try await context.move(still, to: .rootContainer)
        context.expectEqual(back.parentItemIdentifier, .rootContainer, "restoring to the root afterwards failed")
    }

    static let restoreIntoDeletedFolderKeepsFolder = ConformanceCheck(
        "TRASH-14",
        .trash,
        "restoring a folder into a folder trashed and deleted meanwhile fails and keeps it, children included",
        rule: "Rule 14 (trash)",
        clauses: ["R14.6", "R14.5"],
        rationale: "Emptying the trash deletes the folder a trashed folder came from; a provider that then loses "
            + "the trashed folder on Put Back, or its children, deletes what the user meant to restore.",
        requires: [.writing, .trash]
    ) { context in
        let home = try await context.createFolder(named: "Home")
        let folder = try await context.createFolder(named: "Photos", in: home.itemIdentifier)
        let child = try await context.createFile(named: "cat.jpg", in: folder.itemIdentifier)
        let anchor = try await context.anchor()
        let still = try await restoreIntoDeleted(context, folder, from: home, viaTrash: true)
        let changes = try await context.changes(since: anchor)
        context.expect(
            !changes.deletedItemIdentifiers.contains(folder.itemIdentifier)
                && !changes.deletedItemIdentifiers.contains(child.itemIdentifier),
            "the changes report the trashed folder or its child deleted after the failed restore",
            actual: "deleted \(changes.deletedItemIdentifiers.map(\.rawValue))"
        )
        let children = try await context.list(folder.itemIdentifier).map(\.itemIdentifier)
        context.expectEqual(children, [child.itemIdentifier], "the trashed folder lost its child")
        let elsewhere = try await context.createFolder(named: "Rescued")
        let moved = try await context.move(still, to: elsewhere.itemIdentifier)
        context.expectEqual(moved.parentItemIdentifier, elsewhere.itemIdentifier, "restoring elsewhere failed")
    }
}
