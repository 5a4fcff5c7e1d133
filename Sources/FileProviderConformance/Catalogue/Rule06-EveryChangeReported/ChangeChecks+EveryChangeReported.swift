import FileProviderKit
import Foundation

/// The CHG checks of rule 6, *every change is reported, in a usable order* (CHG-03, CHG-04, CHG-05, CHG-06, CHG-07, CHG-08, CHG-12, CHG-13, CHG-14, CHG-18, CHG-19, CHG-20, CHG-27, CHG-28, CHG-29, CHG-30, CHG-31, CHG-34, CHG-35).
extension ChangeChecks {
    static let longBacklog = ConformanceCheck(
        "CHG-18",
        .changes,
        "a backlog of 1,000 mixed changes is caught up in small batches, completely and exactly",
        rule: "Rules 5 and 6 (batches, every change)",
        clauses: ["R6.9", "R5.1", "R6.6", "R6.7"],
        rationale: "Real providers lose changes only past some backlog size — a page of history, a batch limit, a "
            + "deletion dropped when its folder was deleted too; a handful of changes never shows it.",
        requires: .writing
    ) { context in
        let anchor = try await context.anchor()
        let base = try await workingSetDigests(context)
        let expected = try await context.makeBacklog(of: 1_000)
        let state = try await context.catchUp(from: anchor, over: base, on: context.provider, batchSize: 7)
        context.expectCaughtUp(state, truth: try await workingSetDigests(context), keeping: expected, "")
    }

    static let folderReportsChildMovedOut = ConformanceCheck(
        "CHG-19",
        .changes,
        "a folder's changes mention a child that moved out or was deleted",
        rule: "Rule 6 (a folder enumerator's changes)",
        clauses: ["R6.10"],
        rationale: "A consumer that watches one folder keeps showing a child that moved away when the folder's "
            + "changes do not mention it.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Watched")
        let elsewhere = try await context.createFolder(named: "Elsewhere")
        let leaving = try await context.createFile(named: "leaving.txt", in: folder.itemIdentifier)
        let doomed = try await context.createFile(named: "doomed.txt", in: folder.itemIdentifier)
        let anchor = try await context.anchor(folder.itemIdentifier)
        _ = try await context.move(leaving, to: elsewhere.itemIdentifier)
        try await context.delete(doomed)
        let changes = try await context.changes(folder.itemIdentifier, since: anchor, batchSize: 1)
        expectMentioned(context, leaving.itemIdentifier, movedTo: elsewhere.itemIdentifier, in: changes)
        context.expect(
            changes.deletedItemIdentifiers.contains(doomed.itemIdentifier),
            "the folder's changes do not report the deletion of its child \(doomed.itemIdentifier)"
        )
    }

    static let folderReportsRemoteMoveOut = ConformanceCheck(
        "CHG-20",
        .changes,
        "a folder's changes mention a child another client created and moved out",
        rule: "Rule 6 (a folder enumerator's changes)",
        clauses: ["R6.10", "R6.8"],
        rationale: "Remote moves reach a folder's consumer only through the folder's changes; a provider that "
            + "reports only arrivals leaves the departed child on screen.",
        requires: [.writing, .remoteChanges]
    ) { context in
        let remote = try context.remote()
        let folder = try await context.createFolder(named: "Source")
        let target = try await context.createFolder(named: "Target")
        context.note("remote: create traveller.txt in \(folder.itemIdentifier)")
        let child = try await remote.createItem(
            named: "traveller.txt",
            in: folder.itemIdentifier,
            contents: Data("traveller".utf8)
        )
        let anchor = try await context.anchor(folder.itemIdentifier)
        context.note("remote: move \(child) to \(target.itemIdentifier)")
        try await remote.move(child, to: target.itemIdentifier)
        let changes = try await context.changes(folder.itemIdentifier, since: anchor)
        expectMentioned(context, child, movedTo: target.itemIdentifier, in: changes)
    }

    /// A file and a folder, each with a name whose case changes, listed as the system lists them.
    private static func caseRenameSubjects(
        _ context: CheckContext
    ) async throws
        -> [(item: ItemSnapshot, newName: String)]
    {
        let file = try await context.createFile(named: "readme.txt")
        let folder = try await context.createFolder(named: "notes")
        _ = try await context.list(.workingSet)
        _ = try await context.list(.rootContainer)
        return [(file, "README.txt"), (folder, "Notes")]
    }

    static let caseOnlyRenameReported = ConformanceCheck(
        "CHG-27",
        .changes,
        "a case-only rename of a listed item is reported as an update carrying the new name",
        rule: "Rule 6 (renames are updates)",
        clauses: ["R6.3", "R6.2"],
        rationale: "A provider that compares names ignoring case with the ones it listed takes \"README\" for "
            + "the \"readme\" it already reported and drops the change; every other device keeps the old name.",
        requires: .writing
    ) { context in
        let subjects = try await caseRenameSubjects(context)
        let anchor = try await context.anchor()
        for (item, name) in subjects { _ = try await context.renameCase(of: item, to: name) }
        for batchSize in [1, 50] {
            let changes = try await context.changes(.workingSet, since: anchor, batchSize: batchSize)
            for (item, name) in subjects {
                let update = changes.updatedItems.last { $0.itemIdentifier == item.itemIdentifier }
                context.expectEqual(
                    update?.filename,
                    name,
                    "the case-only rename of \(item.itemIdentifier) was not reported (batches of \(batchSize))"
                )
                context.expect(
                    !changes.deletedItemIdentifiers.contains(item.itemIdentifier),
                    "the item renamed in case was reported as deleted (batches of \(batchSize))"
                )
            }
        }
    }

    static let caseOnlyRenamesReplicated = ConformanceCheck(
        "CHG-28",
        .changes,
        "a host replica follows case-only renames, local and, where supported, by another client",
        rule: "Rule 6 (renames are updates, other clients' changes)",
        clauses: ["R6.3", "R6.8"],
        rationale: "The system builds its replica from a listing and the changes since; a case-only rename the "
            + "changes leave out keeps the old name on screen for good.",
        requires: .writing
    ) { context in
        let replica = try await HostReplica(context: context)
        let subjects = try await caseRenameSubjects(context)
        try await replica.catchUp(context: context)
        let remotely = context.capabilities.contains(.remoteChanges)
        // The file is renamed here; the folder by another client where the subject has remote changes.
        for (item, name) in subjects {
            if remotely && item.contentType.isDirectory {
                context.note("remote: rename \(item.itemIdentifier) to \"\(name)\"")
                try await context.remote().rename(item.itemIdentifier, to: name)
            } else {
                _ = try await context.renameCase(of: item, to: name)
            }
        }
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after case-only renames")
        await replica.stop()
    }

    /// Makes a file and a folder in folder `Source` and an empty folder `Target`, lists the working
    /// set and every folder and looks the items up, as the system does before a move; returns the
    /// items and the target.
    private static func listedMovers(
        _ context: CheckContext
    ) async throws
        -> (movers: [ItemSnapshot], target: ItemIdentifier)
    {
        let source = try await context.createFolder(named: "Source")
        let target = try await context.createFolder(named: "Target")
        let movers = [
            try await context.createFile(named: "moving.txt", in: source.itemIdentifier),
            try await context.createFolder(named: "Moving", in: source.itemIdentifier),
        ]
        _ = try await context.list(.workingSet)
        for folder in [ItemIdentifier.rootContainer, source.itemIdentifier, target.itemIdentifier] {
            _ = try await context.list(folder)
        }
        for item in movers { _ = try await context.item(item.itemIdentifier) }
        return (movers, target.itemIdentifier)
    }

    /// Moves listed items into a folder (through `move`) and records a finding unless the changes
    /// since an anchor taken before report each as an update with its new parent and never as a
    /// deletion, in batches of 100, 2 and 1 from fresh enumerators. The largest batch comes first:
    /// a deletion added next to the update shows there as one identifier updated and deleted
    /// (R6.11), where a batch of one would show it as an oversized batch (R5.1).
    private static func expectListedMovesAreUpdates(
        _ context: CheckContext,
        move: (ItemSnapshot, ItemIdentifier) async throws -> Void
    ) async throws {
        let (movers, target) = try await listedMovers(context)
        let anchor = try await context.anchor()
        for item in movers { try await move(item, target) }
        for batchSize in [100, 2, 1] {
            let changes = try await context.changes(.workingSet, since: anchor, batchSize: batchSize)
            for item in movers {
                context.expect(
                    !changes.deletedItemIdentifiers.contains(item.itemIdentifier),
                    "the moved \(item.itemIdentifier) was reported as deleted (batches of \(batchSize))"
                )
                context.expectEqual(
                    changes.updatedItems.last { $0.itemIdentifier == item.itemIdentifier }?.parentItemIdentifier,
                    target,
                    "the move of \(item.itemIdentifier) was not reported with its new parent (batches of \(batchSize))"
                )
            }
        }
    }

    static let listedItemMovedLocally = ConformanceCheck(
        "CHG-29",
        .changes,
        "a move of a listed item is only ever an update, at every batch size",
        rule: "Rule 6 (moves are updates)",
        clauses: ["R6.3", "R6.11"],
        rationale: "A provider that compares each update's parent with the one it last listed reports a move as "
            + "a deletion as well; the system deletes the file it had, with any edit not yet uploaded.",
        requires: .writing
    ) { context in
        try await expectListedMovesAreUpdates(context) { item, target in _ = try await context.move(item, to: target) }
    }

    static let listedItemMovedRemotely = ConformanceCheck(
        "CHG-30",
        .changes,
        "another client's move of a listed item is only ever an update, at every batch size",
        rule: "Rule 6 (moves are updates, other clients' changes)",
        clauses: ["R6.3", "R6.11", "R6.8"],
        rationale: "Moves made on other devices reach the provider only as new parents on the server; one that "
            + "compares them with the parents it handed out reports them as deletions, and the system deletes "
            + "the moved files here.",
        requires: [.writing, .remoteChanges]
    ) { context in
        let remote = try context.remote()
        try await expectListedMovesAreUpdates(context) { item, target in
            context.note("remote: move \(item.itemIdentifier) to \(target)")
            try await remote.move(item.itemIdentifier, to: target)
        }
    }

    static let movesReplicated = ConformanceCheck(
        "CHG-31",
        .changes,
        "host replicas in batches of 50, 2 and 1 follow moves of items they listed, local and by another client",
        rule: "Rule 6 (moves are updates)",
        clauses: ["R6.3", "R6.11"],
        rationale: "The system applies every batch to the replica it listed; a move reported as a deletion "
            + "removes the item from it — at some batch sizes only, when the provider adds the deletion only "
            + "where the batch has room.",
        requires: .writing
    ) { context in
        var replicas: [HostReplica] = []
        for batchSize in [50, 2, 1] { replicas.append(try await HostReplica(context: context, batchSize: batchSize)) }
        let (movers, target) = try await listedMovers(context)
        for replica in replicas { try await replica.catchUp(context: context) }
        let remotely = context.capabilities.contains(.remoteChanges)
        // The file moves here; the folder is moved by another client where the subject has remote changes.
        for item in movers {
            if remotely && item.contentType.isDirectory {
                context.note("remote: move \(item.itemIdentifier) to \(target)")
                try await context.remote().move(item.itemIdentifier, to: target)
            } else {
                _ = try await context.move(item, to: target)
            }
        }
        for (replica, batchSize) in zip(replicas, [50, 2, 1]) {
            try await replica.catchUp(context: context)
            try await replica.expectConverged(context: context, "after moves (batches of \(batchSize))")
            await replica.stop()
        }
    }

    static let emptyCreationsReported = ConformanceCheck(
        "CHG-34",
        .changes,
        "creating an empty file is reported like creating any other",
        rule: "Rule 6 (every change is reported)",
        clauses: ["R6.1"],
        rationale: "Touch files, placeholders and lock files are empty; a provider that reports a file only once "
            + "bytes were uploaded never shows them on other devices, and an app waiting for a lock file waits "
            + "forever.",
        requires: .writing
    ) { context in
        let anchor = try await context.anchor()
        let empty = try await context.createFile(named: "empty.txt", contents: Data())
        let full = try await context.createFile(named: "full.txt", contents: Data("bytes".utf8))
        let (updated, _) = try await changes(context, since: anchor)
        for (item, kind) in [(empty, "empty"), (full, "non-empty")] {
            context.expect(
                updated[item.itemIdentifier] != nil,
                "the working set does not report the creation of the \(kind) file \(item.itemIdentifier)",
                actual: "updated \(updated.keys.sorted { $0.rawValue < $1.rawValue })"
            )
        }
        context.expectEqual(updated[empty.itemIdentifier]?.documentSize, 0, "the empty file is reported with a size")
    }

    static let remoteEmptyCreationsReported = ConformanceCheck(
        "CHG-35",
        .changes,
        "another client's creation of an empty file is reported",
        rule: "Rule 6 (every change is reported)",
        clauses: ["R6.1", "R6.8"],
        rationale: "An empty file another device made must reach this one like any file; a provider whose feed "
            + "skips files without bytes leaves it missing here until someone writes into it.",
        requires: [.writing, .remoteChanges]
    ) { context in
        let anchor = try await context.anchor()
        context.note("remote: create \"remote-empty.txt\" (0 bytes) and \"remote-full.txt\" in the root")
        let empty = try await context.remote().createItem(
            named: "remote-empty.txt",
            in: .rootContainer,
            contents: Data()
        )
        let full = try await context.remote().createItem(
            named: "remote-full.txt",
            in: .rootContainer,
            contents: Data("bytes".utf8)
        )
        let (updated, _) = try await changes(context, since: anchor)
        for (identifier, kind) in [(empty, "empty"), (full, "non-empty")] {
            context.expect(
                updated[identifier] != nil,
                "the working set does not report another client's creation of the \(kind) file \(identifier)",
                actual: "updated \(updated.keys.sorted { $0.rawValue < $1.rawValue })"
            )
        }
    }

    static let creationReported = ConformanceCheck(
        "CHG-03",
        .changes,
        "a creation is reported with the created item",
        rule: "Rule 6 (every change)",
        clauses: ["R6.1"],
        rationale: "A creation missing from the changes never appears on other devices.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let anchor = try await context.anchor()
        let file = try await context.createFile(named: "new.txt")
        let (updated, _) = try await changes(context, since: anchor)
        let reported = try context.require(
            updated[file.itemIdentifier],
            "the creation of \(file.itemIdentifier) was not reported"
        )
        context.expectEqual(ItemDigest(reported), ItemDigest(file), "the creation was reported with other values")
    }

    static let contentEditReported = ConformanceCheck(
        "CHG-04",
        .changes,
        "content and metadata edits are reported with their new versions",
        rule: "Rules 6 and 10 (every change, versions)",
        clauses: ["R6.2", "R10.1"],
        rationale: "An edit missing from the changes leaves stale content on every other device.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let file = try await context.createFile(named: "edit.txt", contents: Data("before".utf8))
        let anchor = try await context.anchor()
        let written = try await context.write(Data("after".utf8), to: file)
        let (updated, _) = try await changes(context, since: anchor)
        let reported = try context.require(updated[file.itemIdentifier], "the content edit was not reported")
        context.expectEqual(reported.itemVersion, written.itemVersion, "the edit was reported with another version")
        let renamedAnchor = try await context.anchor()
        let renamed = try await context.rename(written, to: "edited.txt")
        let (renames, _) = try await changes(context, since: renamedAnchor)
        let rename = try context.require(renames[file.itemIdentifier], "the metadata edit (a rename) was not reported")
        context.expectEqual(rename.itemVersion, renamed.itemVersion, "the rename was reported with another version")
    }

    static let renameReported = ConformanceCheck(
        "CHG-05",
        .changes,
        "a rename is reported as an update of the same identifier",
        rule: "Rule 6 (every change)",
        clauses: ["R6.3"],
        rationale: "A rename reported as deletion plus creation makes the system delete and re-download the file, "
            + "losing unsynchronized local edits.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "old-name.txt")
        let anchor = try await context.anchor()
        _ = try await context.rename(file, to: "new-name.txt")
        let (updated, deleted) = try await changes(context, since: anchor)
        context.expect(!deleted.contains(file.itemIdentifier), "the renamed item was reported as deleted")
        context.expectEqual(updated[file.itemIdentifier]?.filename, "new-name.txt", "the rename was not reported")
    }

    static let moveReported = ConformanceCheck(
        "CHG-06",
        .changes,
        "a move is reported as an update carrying the new parent, never as a deletion",
        rule: "Rule 6 (moves are updates)",
        clauses: ["R6.3", "R6.11"],
        rationale: "Reporting a moved item as deleted at its old place made a real provider delete user data.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let folder = try await context.createFolder(named: "Target")
        let file = try await context.createFile(named: "moving.txt")
        let anchor = try await context.anchor()
        _ = try await context.move(file, to: folder.itemIdentifier)
        let (updated, deleted) = try await changes(context, since: anchor)
        context.expect(!deleted.contains(file.itemIdentifier), "the moved item was reported as deleted")
        context.expectEqual(
            updated[file.itemIdentifier]?.parentItemIdentifier,
            folder.itemIdentifier,
            "the move was not reported with the new parent"
        )
    }

    static let deletionReported = ConformanceCheck(
        "CHG-07",
        .changes,
        "a deletion is reported through didDeleteItems",
        rule: "Rule 6 (every change)",
        clauses: ["R6.5"],
        rationale: "A provider that never reports deletions leaves deleted files on every device forever (a real bug).",
        requires: .writing,
        tier: .smoke
    ) { context in
        let file = try await context.createFile(named: "deleted.txt")
        let anchor = try await context.anchor()
        try await context.delete(file)
        let (updated, deleted) = try await changes(context, since: anchor)
        context.expect(deleted.contains(file.itemIdentifier), "the deletion of \(file.itemIdentifier) was not reported")
        context.expect(updated[file.itemIdentifier] == nil, "the deleted item was reported as updated")
    }

    static let recursiveDeletionReported = ConformanceCheck(
        "CHG-08",
        .changes,
        "a recursive deletion reports every descendant",
        rule: "Rule 6 (every descendant of a deleted folder)",
        clauses: ["R6.5"],
        rationale: "A system that only hears of the folder keeps its descendants as orphans.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Doomed")
        let inner = try await context.createFolder(named: "Inner", in: folder.itemIdentifier)
        let file = try await context.createFile(named: "a.txt", in: inner.itemIdentifier)
        let sibling = try await context.createFile(named: "b.txt", in: folder.itemIdentifier)
        let anchor = try await context.anchor()
        try await context.delete(folder, options: .recursive)
        let (_, deleted) = try await changes(context, since: anchor)
        for item in [folder, inner, file, sibling] {
            context.expect(
                deleted.contains(item.itemIdentifier),
                "the deletion of descendant \(item.itemIdentifier) was not reported"
            )
        }
    }

    static let parentsBeforeChildren = ConformanceCheck(
        "CHG-12",
        .changes,
        "a new folder is reported before the items created or moved into it",
        rule: "Rule 6 (parents before children)",
        clauses: ["R6.6"],
        rationale: "Reporting a child before its new parent made macOS create duplicate folders (a real bug).",
        requires: .writing
    ) { context in
        let existing = try await context.createFile(named: "existing.txt")
        let anchor = try await context.anchor()
        let outer = try await context.createFolder(named: "Outer")
        let inner = try await context.createFolder(named: "Inner", in: outer.itemIdentifier)
        _ = try await context.createFile(named: "deep.txt", in: inner.itemIdentifier)
        _ = try await context.move(existing, to: inner.itemIdentifier)
        let changes = try await context.changes(.workingSet, since: anchor, batchSize: 1_000)
        var position: [ItemIdentifier: Int] = [:]
        for (index, item) in changes.updatedItems.enumerated() {
            position[item.itemIdentifier] = index
        }
        for item in changes.updatedItems {
            guard let parentPosition = position[item.parentItemIdentifier],
                let childPosition = position[item.itemIdentifier]
            else {
                continue
            }
            context.expect(
                parentPosition < childPosition,
                "\(item.itemIdentifier) was reported before its parent \(item.parentItemIdentifier)"
            )
        }
    }

    static let coalescing = ConformanceCheck(
        "CHG-13",
        .changes,
        "several changes to one item end in its final state; a created then deleted item does not survive",
        rule: "Rule 6 (every change)",
        clauses: ["R6.7"],
        rationale: "Coalescing is allowed, but the final applied state must equal the truth: an item renamed twice "
            + "ends under its last name, one created and deleted is gone.",
        requires: .writing
    ) { context in
        let anchor = try await context.anchor()
        let file = try await context.createFile(named: "first.txt")
        let second = try await context.rename(file, to: "second.txt")
        _ = try await context.rename(second, to: "third.txt")
        let ephemeral = try await context.createFile(named: "ephemeral.txt")
        try await context.delete(ephemeral)
        let (updated, _) = try await changes(context, since: anchor)
        context.expectEqual(updated[file.itemIdentifier]?.filename, "third.txt", "the final name was not reported")
        context.expect(updated[ephemeral.itemIdentifier] == nil, "an item created and deleted was reported as existing")
    }

    static let remoteChangesReported = ConformanceCheck(
        "CHG-14",
        .changes,
        "changes made on the server by another client are reported",
        rule: "Rules 6 and 8 (every change, working set)",
        clauses: ["R6.8", "R8.1", "R6.11"],
        rationale: "Remote changes reach the system only through the working set's changes; a scan that drops "
            + "them leaves other devices' edits invisible (a real bug).",
        requires: [.writing, .remoteChanges],
        tier: .smoke
    ) { context in
        let remote = try context.remote()
        let replica = try await HostReplica(context: context)
        let folder = try await context.createFolder(named: "Shared")
        let file = try await context.createFile(named: "local.txt", in: folder.itemIdentifier)
        context.note("remote: create \"remote.txt\" in \(folder.itemIdentifier)")
        let created = try await remote.createItem(
            named: "remote.txt",
            in: folder.itemIdentifier,
            contents: Data("r".utf8)
        )
        try await replica.catchUp(context: context)
        context.note("remote: write \(file.itemIdentifier)")
        try await remote.replaceContents(of: file.itemIdentifier, with: Data("remote edit".utf8))
        context.note("remote: rename \(created) to \"renamed.txt\"")
        try await remote.rename(created, to: "renamed.txt")
        context.note("remote: move \(created) to the root")
        try await remote.move(created, to: .rootContainer)
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after remote creations, edits, renames and moves")
        context.note("remote: delete \(folder.itemIdentifier)")
        try await remote.delete(folder.itemIdentifier)
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after a remote recursive deletion")
        await replica.stop()
    }
}
