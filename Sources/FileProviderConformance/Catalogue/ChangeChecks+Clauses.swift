import FileProviderKit
import Foundation

/// Change checks of store resets, history expiry, long backlogs, folder enumerators and quiet
/// anchors.
extension ChangeChecks {
    static let clauseChecks: [ConformanceCheck] = [
        storeReset, historyExpiry, longBacklog, folderReportsChildMovedOut, folderReportsRemoteMoveOut, quietAnchors,
        quietFolderAnchors, anchorBeforeConcurrentListing, contentWriteReportedWithFields, caseOnlyRenameReported,
        caseOnlyRenamesReplicated, listedItemMovedLocally, listedItemMovedRemotely, movesReplicated,
    ]

    /// The working set as a map of digests: the state a catch-up from an anchor taken before starts from.
    static func workingSetDigests(
        _ context: CheckContext,
        pageSize: Int = 64
    ) async throws -> [ItemIdentifier: ItemDigest] {
        ItemDigest.map(try await context.list(.workingSet, pageSize: pageSize))
    }

    static let storeReset = ConformanceCheck(
        "CHG-16",
        .changes,
        "after a store reset, older anchors and pages fail with -1002, and a new listing converges",
        rule: "Rule 3 (expiry)",
        clauses: ["R3.2", "R3.4"],
        rationale: "A provider that answers an anchor of a restored or re-created store with an empty success "
            + "hides every change since; the expiry makes the system list again and recover.",
        requires: [.writing, .storeResets]
    ) { context in
        let replica = try await HostReplica(context: context)
        let (folder, _) = try await EnumerationChecks.populatedFolder(context, count: 5, named: "Epoch")
        try await replica.catchUp(context: context)
        let anchor = try await context.anchor()
        _ = try await context.createFile(named: "after-anchor.txt")
        let enumerator = try await context.enumerator(folder.itemIdentifier)
        context.note("list the first page of \(folder.itemIdentifier) (page size 2)")
        var iterator = enumerator.pages(suggestedPageSize: 2).makeAsyncIterator()
        let page = try context.require(try await iterator.next()?.nextPage, "a folder of 5 items ended after 2")
        try await context.resetStore()
        await context.expectError(.syncAnchorExpired, "changes since an anchor from before the reset") {
            try await context.changes(since: anchor)
        }
        await context.expectError(.pageExpired, "the rest of a listing from a page from before the reset") {
            try await context.list(folder.itemIdentifier, pageSize: 2, startingAt: page)
        }
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after the store was reset")
        _ = try await context.createFile(named: "after-reset.txt", in: folder.itemIdentifier)
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after a change that followed the reset")
        await replica.stop()
    }

    static let historyExpiry = ConformanceCheck(
        "CHG-17",
        .changes,
        "an anchor older than the retained history fails with -1002, and a new listing converges",
        rule: "Rule 3 (expiry)",
        clauses: ["R3.3", "R3.4"],
        rationale: "A provider that drops old history and then answers an old anchor with what it still has — or "
            + "with nothing — loses the dropped changes for good.",
        requires: [.writing, .historyExpiry]
    ) { context in
        let replica = try await HostReplica(context: context)
        let anchor = try await context.anchor()
        let file = try await context.createFile(named: "history.txt")
        let renamed = try await context.rename(file, to: "history-renamed.txt")
        _ = try await context.write(Data("after".utf8), to: renamed)
        try await context.expireHistory()
        await context.expectError(.syncAnchorExpired, "changes since an anchor older than the retained history") {
            try await context.changes(since: anchor, batchSize: 1)
        }
        let fresh = try await context.anchor()
        let quiet = try await context.changes(since: fresh)
        context.expect(quiet.isEmpty, "an anchor taken after the history expired reports changes with no writes")
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after the history expired")
        _ = try await context.createFile(named: "after-expiry.txt")
        try await replica.catchUp(context: context)
        try await replica.expectConverged(context: context, "after a change that followed the expiry")
        await replica.stop()
    }

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

    /// Records a finding unless `changes` report `identifier` as deleted or as updated with `parent`.
    static func expectMentioned(
        _ context: CheckContext,
        _ identifier: ItemIdentifier,
        movedTo parent: ItemIdentifier,
        in changes: ChangeSet
    ) {
        let update = changes.updatedItems.last { $0.itemIdentifier == identifier }
        if let update {
            context.expectEqual(
                update.parentItemIdentifier,
                parent,
                "the folder's changes report the child that moved out with another parent"
            )
        } else {
            context.expect(
                changes.deletedItemIdentifiers.contains(identifier),
                "the folder's changes do not mention \(identifier), which moved out of it",
                expected: "an update with parent \(parent), or a deletion",
                actual: "\(changes.updatedItems.count) updates, \(changes.deletedItemIdentifiers.count) deletions"
            )
        }
    }

    static let quietAnchors = ConformanceCheck(
        "CHG-21",
        .changes,
        "with no writes, the anchor settles: equal anchors, and quiet changes hand back the anchor given, "
            + "also after a listing and a write",
        rule: "Rule 7 (no self-sustaining loops)",
        clauses: ["R7.3", "R7.1"],
        rationale: "An anchor that moves on every call makes the system store a new one after every quiet check "
            + "and wake again: a loop without a change.",
        tier: .smoke
    ) { context in
        if context.capabilities.contains(.writing) {
            _ = try await context.createFile(named: "settled.txt")
            try await listThenWrite(context, .workingSet, parent: .rootContainer)
        }
        try await expectQuiet(context, .workingSet)
    }

    static let quietFolderAnchors = ConformanceCheck(
        "CHG-22",
        .changes,
        "after a catch-up, a folder's anchor settles too",
        rule: "Rule 7 (no self-sustaining loops)",
        clauses: ["R7.3", "R7.1"],
        rationale: "Folder enumerators are asked for changes whenever a folder is open; one that never settles "
            + "keeps the folder re-listing.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Quiet")
        let anchor = try await context.anchor(folder.itemIdentifier)
        _ = try await context.createFile(named: "inside.txt", in: folder.itemIdentifier)
        let caughtUp = try await context.changes(folder.itemIdentifier, since: anchor)
        let again = try await context.changes(folder.itemIdentifier, since: caughtUp.anchor)
        context.expect(again.isEmpty, "changes were reported again after a catch-up with no writes")
        try await listThenWrite(context, folder.itemIdentifier, parent: folder.itemIdentifier)
        try await expectQuiet(context, folder.itemIdentifier)
    }

    /// Lists `container` to its end, writes a file in `parent`, then asks the same enumerator for
    /// its anchor: the current state's, so the changes since it are empty — not one the enumerator
    /// kept from its listing. Fresh enumerators are asked next, by ``expectQuiet(_:_:)``.
    static func listThenWrite(
        _ context: CheckContext,
        _ container: ItemIdentifier,
        parent: ItemIdentifier
    )
        async throws
    {
        let enumerator = try await context.enumerator(container)
        context.note("list \(container) to its end on that enumerator")
        _ = try await enumerator.allItems()
        _ = try await context.createFile(named: "after-listing.txt", in: parent)
        context.note("currentSyncAnchor(\(container)) on the enumerator that listed, then its changes")
        let anchor = try context.requireAnchor(try await enumerator.currentSyncAnchor(), of: container)
        let batch = try await enumerator.changeBatch(from: anchor, suggestedBatchSize: 10)
        context.expect(
            batch.updatedItems.isEmpty && batch.deletedItemIdentifiers.isEmpty && !batch.moreComing,
            "the anchor of \(container) asked for after a listing and a write is not the current state's: "
                + "the changes since it are not empty",
            actual: "\(batch.updatedItems.map(\.filename)) updated, \(batch.deletedItemIdentifiers.count) deleted"
        )
    }

    /// Records a finding unless two anchors of `container` taken with no write in between are equal
    /// and a change enumeration from one reports nothing and hands it back.
    static func expectQuiet(_ context: CheckContext, _ container: ItemIdentifier) async throws {
        let first = try await context.anchor(container)
        let second = try await context.anchor(container)
        context.expectEqual(second, first, "two anchors of \(container) with no write in between differ")
        let enumerator = try await context.enumerator(container)
        context.note("one batch of changes of \(container) since its current anchor")
        let batch = try await enumerator.changeBatch(from: first, suggestedBatchSize: 10)
        context.expect(
            batch.updatedItems.isEmpty && batch.deletedItemIdentifiers.isEmpty && !batch.moreComing,
            "a quiet change enumeration of \(container) reported something",
            actual: "\(batch.updatedItems.count) updates, \(batch.deletedItemIdentifiers.count) deletions, "
                + "moreComing \(batch.moreComing)"
        )
        context.expectEqual(batch.anchor, first, "a quiet change enumeration of \(container) moved the anchor")
    }

    static let anchorBeforeConcurrentListing = ConformanceCheck(
        "CHG-23",
        .changes,
        "an anchor is never newer than the listing that follows it, with writes racing the listing",
        rule: "Rule 4 (anchor before snapshot)",
        clauses: ["R4.1"],
        rationale: "An anchor read after the listing's snapshot silently skips the writes made in between; "
            + "writes racing the listing expose a provider that reads the two without ordering them.",
        requires: .writing
    ) { context in
        let (folder, _) = try await EnumerationChecks.populatedFolder(context, count: 6, named: "Racing")
        let provider = context.provider
        let urls = try (0..<12).map { try context.file(containing: Data("race \($0)".utf8)) }
        let templates = (0..<12).map {
            context.template(named: "racer-\($0).txt", in: folder.itemIdentifier, contentType: .plainText)
        }
        context.note("take an anchor and list the working set while 12 creations run concurrently")
        let (reportedAnchor, listing) = try await withThrowingTaskGroup(of: Void.self) { group in
            for (template, url) in zip(templates, urls) {
                group.addTask {
                    _ = try await provider.createItem(
                        basedOn: template,
                        fields: [.filename, .parentItemIdentifier, .contents],
                        contents: url,
                        options: [],
                        request: Request()
                    )
                }
            }
            let enumerator = try await provider.enumerator(for: .workingSet, request: Request())
            let anchor = try await enumerator.currentSyncAnchor()
            let listing = try await enumerator.allItems(suggestedPageSize: 2)
            try await group.waitForAll()
            return (anchor, ItemDigest.map(listing))
        }
        let anchor = try context.requireAnchor(reportedAnchor, of: .workingSet)
        var replica = listing
        let changes = try await context.changes(.workingSet, since: anchor, batchSize: 5)
        for item in changes.updatedItems { replica[item.itemIdentifier] = ItemDigest(item) }
        for identifier in changes.deletedItemIdentifiers { replica[identifier] = nil }
        let truth = try await workingSetDigests(context)
        let differences = ItemDigest.differences(replica, truth)
        context.expect(
            differences.isEmpty,
            "the listing plus the changes since the anchor taken before it miss writes made during the listing",
            actual: differences.joined(separator: "; ")
        )
    }

    static let contentWriteReportedWithFields = ConformanceCheck(
        "CHG-26",
        .changes,
        "a content write is reported, and listed, with every other field as stored before it",
        rule: "Rules 6 and 13 (every change, changed fields)",
        clauses: ["R13.2", "R6.2"],
        rationale: "The system replaces its record of an item with the update it is given; a provider that "
            + "uploads a save as a new file reports a new creation date and no extended attributes, and every "
            + "device drops them.",
        requires: .writing
    ) { context in
        let stored = try await KeptFields.createFile(context, named: "saved.txt", in: .rootContainer)
        let anchor = try await context.anchor()
        for round in 1...2 {
            _ = try await context.write(Data("save \(round)".utf8), to: try await context.item(stored.itemIdentifier))
        }
        let changes = try await context.changes(since: anchor)
        let update = try context.require(
            changes.updatedItems.last { $0.itemIdentifier == stored.itemIdentifier },
            "the content writes of \(stored.itemIdentifier) were not reported"
        )
        KeptFields.expectKept(context, update, as: stored, except: .contents, "in the reported update")
        let listed = try context.require(
            try await context.list(.rootContainer).first { $0.itemIdentifier == stored.itemIdentifier },
            "the root does not list \(stored.itemIdentifier) after the content writes"
        )
        KeptFields.expectKept(context, listed, as: stored, except: .contents, "in a fresh listing")
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
}
