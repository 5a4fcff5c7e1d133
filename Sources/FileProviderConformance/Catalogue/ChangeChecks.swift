import FileProviderKit
import Foundation

/// Checks of change enumeration since a sync anchor (`CHG-…`).
enum ChangeChecks {
    static let all: [ConformanceCheck] =
        [
            anchorAvailable, quiescent, creationReported, contentEditReported, renameReported, moveReported,
            deletionReported, recursiveDeletionReported, anchorBeforeSnapshot, batching, garbageAnchor,
            parentsBeforeChildren, coalescing, remoteChangesReported, convergence,
        ] + clauseChecks + departureChecks + readChecks + longNameChecks + deletedContainerChecks
        + failedCallChecks + folderScopeChecks + depthChecks
        + scaleChecks + readYourWritesChecks + reuseChecks

    /// The changes of the working set since `anchor`, as a map from identifier to digest, and the
    /// deleted identifiers.
    static func changes(
        _ context: CheckContext,
        since anchor: SyncAnchor,
        batchSize: Int = 50
    ) async throws
        -> (updated: [ItemIdentifier: ItemSnapshot], deleted: Set<ItemIdentifier>)
    {
        let changes = try await context.changes(.workingSet, since: anchor, batchSize: batchSize)
        let updated = Dictionary(changes.updatedItems.map { ($0.itemIdentifier, $0) }, uniquingKeysWith: { $1 })
        return (updated, Set(changes.deletedItemIdentifiers))
    }

    static let anchorAvailable = ConformanceCheck(
        "CHG-01",
        .changes,
        "the working set has a current sync anchor",
        rule: "Rules 4 and 8 (anchors, working set)",
        clauses: ["R8.1"],
        rationale: "Without an anchor the system cannot ask for changes and never sees remote edits.",
        tier: .smoke
    ) { context in
        let anchor = try await context.anchor(.workingSet)
        context.expect(anchor.rawValue.count <= SyncAnchor.maximumSize, "the anchor is larger than 500 bytes")
    }

    static let quiescent = ConformanceCheck(
        "CHG-02",
        .changes,
        "with no writes, the changes since the current anchor are empty and the anchor stays usable",
        rule: "Rule 7 (no self-sustaining loops)",
        clauses: ["R7.1", "R1.1"],
        rationale: "A provider that always reports changes (or an expired anchor) keeps the system re-enumerating "
            + "forever and drains the battery (a real bug).",
        tier: .smoke
    ) { context in
        let anchor = try await context.anchor(.workingSet)
        for round in 1...2 {
            let changes = try await context.changes(.workingSet, since: anchor)
            context.expect(
                changes.isEmpty,
                "round \(round): changes were reported with no writes",
                actual: "\(changes.updatedItems.count) updates, \(changes.deletedItemIdentifiers.count) deletions"
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

    static let anchorBeforeSnapshot = ConformanceCheck(
        "CHG-09",
        .changes,
        "the anchor taken before a listing, replayed over it, converges despite changes between pages",
        rule: "Rule 4 (anchor before snapshot)",
        clauses: ["R4.1"],
        rationale: "An anchor newer than the listing silently skips the changes made while listing (confirmed by "
            + "Apple); duplicates are harmless, misses are not.",
        requires: .writing
    ) { context in
        let (folder, _) = try await EnumerationChecks.populatedFolder(context, count: 12)
        let enumerator = try await context.enumerator(.workingSet)
        _ = try await context.createFile(named: "before-anchor.txt", in: folder.itemIdentifier)
        context.note("currentSyncAnchor() of the same enumerator")
        let anchor = try context.requireAnchor(try await enumerator.currentSyncAnchor(), of: .workingSet)
        var replica: [ItemIdentifier: ItemDigest] = [:]
        var page: Page? = .initialPageSortedByName
        var round = 0
        while let current = page {
            context.note("list one page of the working set (page size 4)")
            var iterator = enumerator.pages(startingAt: current, suggestedPageSize: 4).makeAsyncIterator()
            let result = try context.require(try await iterator.next(), "a page is missing")
            for item in result.items {
                replica[item.itemIdentifier] = ItemDigest(item)
            }
            page = result.nextPage
            round += 1
            _ = try await context.createFile(named: "during-\(round).txt", in: folder.itemIdentifier)
        }
        let changes = try await context.changes(.workingSet, since: anchor)
        for item in changes.updatedItems {
            replica[item.itemIdentifier] = ItemDigest(item)
        }
        for identifier in changes.deletedItemIdentifiers {
            replica[identifier] = nil
        }
        let truth = ItemDigest.map(try await context.list(.workingSet))
        let differences = ItemDigest.differences(replica, truth)
        context.expect(
            differences.isEmpty,
            "listing plus changes since the earlier anchor does not converge",
            actual: differences.joined(separator: "; ")
        )
    }

    static let batching = ConformanceCheck(
        "CHG-10",
        .changes,
        "changes arrive in batches no larger than suggested, each continuation anchor advances and replays",
        rule: "Rule 5 (batches and continuation)",
        clauses: ["R5.1", "R5.2"],
        rationale: "A continuation anchor that does not advance, or that only works on the enumerator that made it, "
            + "lost files in a real provider (7 of 205 never appeared).",
        requires: .writing
    ) { context in
        let anchor = try await context.anchor()
        var created: Set<ItemIdentifier> = []
        for index in 0..<13 {
            created.insert(try await context.createFile(named: "batch-\(index).txt").itemIdentifier)
        }
        var current = anchor
        var seen: Set<ItemIdentifier> = []
        var batches = 0
        while true {
            let enumerator = try await context.enumerator(.workingSet)
            context.note("one batch of changes since \(current) on a fresh enumerator (batch size 4)")
            let batch = try await enumerator.changeBatch(from: current, suggestedBatchSize: 4)
            batches += 1
            seen.formUnion(batch.updatedItems.map(\.itemIdentifier))
            if batch.moreComing {
                context.expect(batch.anchor != current, "a batch with moreComing returned the anchor it was asked for")
                let replay = try await enumerator.changeBatch(from: current, suggestedBatchSize: 4)
                seen.formUnion(replay.updatedItems.map(\.itemIdentifier))
            }
            if !batch.moreComing || batches > 100 || batch.anchor == current { break }
            current = batch.anchor
        }
        context.expect(batches >= 4, "13 changes with batch size 4 came in fewer than 4 batches", actual: "\(batches)")
        let missing = created.subtracting(seen)
        context.expect(
            missing.isEmpty,
            "batched changes lost creations",
            actual: missing.map(\.rawValue).sorted().joined(separator: ", ")
        )
    }

    static let garbageAnchor = ConformanceCheck(
        "CHG-11",
        .changes,
        "a garbage anchor fails with syncAnchorExpired, never an empty success",
        rule: "Rule 3 (expiry)",
        clauses: ["R3.1"],
        rationale: "An empty success on an anchor the provider cannot read hides every change since; "
            + "syncAnchorExpired makes the system re-list and recover.",
        tier: .smoke
    ) { context in
        let enumerator = try await context.enumerator(.workingSet)
        let garbage: [(String, Data)] = [
            ("empty bytes", Data()),
            (
                "random bytes",
                Data(context.random { generator in (0..<48).map { _ in UInt8.random(in: 0...255, using: &generator) } })
            ),
            ("a JSON-looking anchor", Data(#"{"rank":0,"epoch":"other"}"#.utf8)),
            ("500 bytes of 0x00", Data(count: 500)),
        ]
        for (label, bytes) in garbage {
            let anchor = try SyncAnchor(bytes)
            await context.expectError(.syncAnchorExpired, "enumerateChanges(from: \(label))") {
                try await enumerator.changeBatch(from: anchor)
            }
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

    static let convergence = ConformanceCheck(
        "CHG-15",
        .changes,
        "a replica built from changes converges after every kind of local change",
        rule: "Rules 4 and 6 (anchors, every change)",
        clauses: ["R4.1", "R6.1", "R6.2", "R6.3", "R6.4", "R6.5"],
        rationale: "This is the property the system relies on: listing once, then applying changes forever, must "
            + "equal the truth.",
        requires: .writing
    ) { context in
        let replica = try await HostReplica(context: context)
        let a = try await context.createFolder(named: "A")
        let b = try await context.createFolder(named: "B", in: a.itemIdentifier)
        let file = try await context.createFile(named: "f.txt", in: b.itemIdentifier)
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after creations")
        let moved = try await context.move(b, to: .rootContainer)
        _ = try await context.write(Data("new".utf8), to: try await context.item(file.itemIdentifier))
        _ = try await context.rename(moved, to: "B2")
        let inner = try await context.createFolder(named: "Inner", in: a.itemIdentifier)
        _ = try await context.createFile(named: "deep.txt", in: inner.itemIdentifier)
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after a move, a write, a rename and creations")
        if context.capabilities.contains(.trash) {
            _ = try await context.move(try await context.item(file.itemIdentifier), to: .trashContainer)
            try await replica.catchUp(context: context)
            try await replica.expectConverged(context: context, "after trashing")
        }
        try await context.delete(try await context.item(a.itemIdentifier), options: .recursive)
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after a recursive deletion")
        await replica.stop()
    }
}
