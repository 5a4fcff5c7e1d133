import FileProviderKit
import Foundation

/// The CHG checks of rule 7, *no self-sustaining loops* (CHG-02, CHG-21, CHG-22, CHG-32, CHG-33).
extension ChangeChecks {
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

    static let fetchesNotReported = ConformanceCheck(
        "CHG-32",
        .changes,
        "fetching a file's contents reports no change in the working set",
        rule: "Rule 7 (no self-sustaining loops)",
        clauses: ["R7.1", "R7.2"],
        rationale: "The system fetches a file because the working set reported it; a provider that reports every "
            + "download as a change makes the system fetch it again, and again, forever.",
        requires: .writing
    ) { context in
        let file = try await context.createFile(named: "read.txt", contents: Data("read me".utf8))
        let anchor = try await context.anchor()
        let (data, fetched) = try await context.fetch(file.itemIdentifier)
        context.expectEqual(data, Data("read me".utf8), "the fetch returned other bytes")
        _ = try await context.fetch(file.itemIdentifier, version: fetched.itemVersion)
        let (updated, deleted) = try await changes(context, since: anchor)
        context.expect(
            updated.isEmpty && deleted.isEmpty,
            "the working set reports changes after only fetches",
            expected: "no changes",
            actual: "updated \(updated.keys.sorted { $0.rawValue < $1.rawValue }), deleted \(deleted)"
        )
    }

    static let fetchesNotReportedInFolders = ConformanceCheck(
        "CHG-33",
        .changes,
        "fetching a file's contents reports no change in its folder's enumerator",
        rule: "Rule 7 (no self-sustaining loops)",
        clauses: ["R7.1"],
        rationale: "A folder the user keeps open is enumerated for changes after every download; a provider that "
            + "reports downloads as changes keeps the folder refreshing while nobody writes.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Reading")
        let file = try await context.createFile(named: "page.txt", in: folder.itemIdentifier)
        let anchor = try await context.anchor(folder.itemIdentifier)
        _ = try await context.fetch(file.itemIdentifier)
        let changes = try await context.changes(folder.itemIdentifier, since: anchor)
        context.expect(
            changes.updatedItems.isEmpty && changes.deletedItemIdentifiers.isEmpty,
            "the folder's enumerator reports changes after only a fetch",
            expected: "no changes",
            actual: "updated \(changes.updatedItems.map(\.itemIdentifier)), deleted \(changes.deletedItemIdentifiers)"
        )
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
}
