import FileProviderKit
import Foundation

/// Enumerators used again, not only fresh: anchors continue, settle and expire on the enumerator
/// that gave them, for folders, the trash and the working set.
extension ChangeChecks {
    static let reuseChecks: [ConformanceCheck] = [
        catchUpResumesAfterOtherCalls, anchorsExpireOnTheirEnumeratorAfterReset,
        anchorsExpireOnTheirEnumeratorAfterHistoryExpiry,
    ]

    /// The containers whose enumerators the checks keep: a folder, the root, the trash (with a
    /// trash) and the working set, with a file in the folder and one in the trash.
    static func keptEnumerators(
        _ context: CheckContext,
        round: Int = 0
    ) async throws -> [(ItemIdentifier, any Enumerator)] {
        let folder = try await context.createFolder(named: "Kept").itemIdentifier
        try await context.createFile(named: "k.txt", in: folder)
        var containers = [folder, .rootContainer, .workingSet]
        if context.capabilities.contains(.trash) {
            let file = try await context.createFile(named: "trashed.txt")
            _ = try await context.move(file, to: .trashContainer)
            containers.insert(.trashContainer, at: 2)
        }
        var enumerators: [(ItemIdentifier, any Enumerator)] = []
        for container in containers { enumerators.append((container, try await context.enumerator(container))) }
        return enumerators
    }

    /// Writes into every kept container: a file in the folder, one in the root, one trashed.
    static func writeIntoKept(
        _ context: CheckContext,
        _ enumerators: [(ItemIdentifier, any Enumerator)]
    )
        async throws
    {
        let folder = enumerators[0].0
        try await context.createFile(named: "in-folder.txt", in: folder)
        let file = try await context.createFile(named: "in-root.txt")
        if context.capabilities.contains(.trash) { _ = try await context.move(file, to: .trashContainer) }
    }

    static let catchUpResumesAfterOtherCalls = ConformanceCheck(
        "CHG-64",
        .changes,
        "on one enumerator, quiet anchors are equal, and a catch-up resumes from its continuation anchor after the "
            + "enumerator served another catch-up",
        rule: "Rule 5 (batches), rule 7 (no loops)",
        clauses: ["R5.3", "R7.3", "R5.2"],
        rationale: "The system keeps its enumerators; a provider that keeps the catch-up's cursor in the "
            + "enumerator continues one consumer's catch-up where another's stopped, and each misses changes; one "
            + "that draws a new anchor for every quiet call on a kept enumerator makes the system re-enumerate "
            + "forever.",
        requires: .writing
    ) { context in
        let workingSet = try await context.enumerator(.workingSet)
        for (container, enumerator) in try await keptEnumerators(context) {
            context.note("currentSyncAnchor(\(container)) twice on one enumerator, with no write between")
            let first = try await enumerator.currentSyncAnchor()
            let second = try await enumerator.currentSyncAnchor()
            context.expect(
                first == second,
                "two quiet currentSyncAnchor() calls on the enumerator of \(container) returned different anchors",
                actual: "\(first.map(\.description) ?? "nil") then \(second.map(\.description) ?? "nil")"
            )
        }
        context.note("currentSyncAnchor(workingSet) on the kept enumerator")
        let anchor = try context.requireAnchor(try await workingSet.currentSyncAnchor(), of: .workingSet)
        let base = ItemDigest.map(try await context.list(.workingSet))
        let kept = try await context.makeBacklog(of: 40)
        let truth = ItemDigest.map(try await context.list(.workingSet, pageSize: 500))
        context.note("one batch of 3 from \(anchor) on the kept enumerator")
        let firstBatch = try await workingSet.changeBatch(from: anchor, suggestedBatchSize: 3)
        var state = base
        for item in firstBatch.updatedItems { state[item.itemIdentifier] = ItemDigest(item) }
        for identifier in CheckContext.selfAndDescendants(
            of: firstBatch.deletedItemIdentifiers,
            parents: state.mapValues(\.parent)
        ) {
            state[identifier] = nil
        }
        context.note("a whole catch-up from \(anchor) in batches of 4 on the same enumerator")
        let other = try await LifecycleChecks.catchUp(context, from: anchor, over: base, on: workingSet, batchSize: 4)
        context.expectCaughtUp(other, truth: truth, keeping: kept, " on a kept enumerator")
        guard firstBatch.moreComing else { return }
        context.note("resume the first catch-up from \(firstBatch.anchor) on the same enumerator")
        let resumed = try await LifecycleChecks.catchUp(
            context,
            from: firstBatch.anchor,
            over: state,
            on: workingSet,
            batchSize: 3
        )
        context.expectCaughtUp(resumed, truth: truth, keeping: kept, " resumed on its enumerator after another")
    }

    /// Takes anchors and first pages on kept enumerators of a folder, the root, the trash and the
    /// working set, writes into each, runs `hook` (`event`), and records a finding unless each
    /// enumerator fails its old anchor with syncAnchorExpired and then gives a new anchor with no
    /// changes since; with `checksPages`, its old pages must fail with pageExpired too.
    static func expectExpiryOnKeptEnumerators(
        _ context: CheckContext,
        after event: String,
        checksPages: Bool,
        _ hook: () async throws -> Void
    ) async throws {
        let enumerators = try await keptEnumerators(context)
        var anchors: [(ItemIdentifier, any Enumerator, SyncAnchor)] = []
        var pages: [(ItemIdentifier, any Enumerator, Page)] = []
        for (container, enumerator) in enumerators {
            context.note("currentSyncAnchor(\(container)) and a first page of 1, on the kept enumerator")
            if let anchor = try await enumerator.currentSyncAnchor(),
                container == .workingSet || !context.capabilities.contains(.listingOnlyFolders)
            {
                anchors.append((container, enumerator, anchor))
            }
            for try await page in enumerator.pages(startingAt: .initialPageSortedByName, suggestedPageSize: 1) {
                if let next = page.nextPage { pages.append((container, enumerator, next)) }
                break
            }
        }
        try await writeIntoKept(context, enumerators)
        try await hook()
        for (container, enumerator, anchor) in anchors {
            await context.expectError(
                .syncAnchorExpired,
                "changes of \(container) since an anchor from before \(event), on the enumerator that gave it"
            ) {
                try await enumerator.changes(since: anchor, suggestedBatchSize: 10)
            }
            context.note("currentSyncAnchor(\(container)) after \(event), on the same enumerator")
            let fresh = try await enumerator.currentSyncAnchor()
            if let fresh {
                context.note("changes of \(container) since the new anchor, on the same enumerator")
                let changes = try await enumerator.changes(since: fresh, suggestedBatchSize: 10)
                context.expect(
                    changes.updatedItems.isEmpty && changes.deletedItemIdentifiers.isEmpty,
                    "the enumerator of \(container) reported changes since its new anchor after \(event), with "
                        + "no write in between",
                    actual:
                        "\(changes.updatedItems.count) updates, \(changes.deletedItemIdentifiers.count) deletions"
                )
            }
        }
        guard checksPages else { return }
        for (container, enumerator, page) in pages {
            await context.expectError(
                .pageExpired,
                "a page of \(container) from before \(event), on the enumerator that gave it"
            ) {
                try await enumerator.allItems(startingAt: page, suggestedPageSize: 5)
            }
        }
    }

    static let anchorsExpireOnTheirEnumeratorAfterReset = ConformanceCheck(
        "CHG-65",
        .changes,
        "after a store reset, old anchors and pages expire on the enumerators that gave them, which then give new "
            + "anchors that work, for a folder, the root, the trash and the working set",
        rule: "Rule 3 (expiry)",
        clauses: ["R3.2", "R3.4"],
        rationale: "The system does not throw its enumerators away when the server restores a backup; an "
            + "enumerator that checked its epoch when it was made answers the old anchor with an empty success, and "
            + "the replica keeps what the server lost.",
        requires: [.writing, .storeResets]
    ) { context in
        try await expectExpiryOnKeptEnumerators(context, after: "a store reset", checksPages: true) {
            try await context.resetStore()
        }
    }

    static let anchorsExpireOnTheirEnumeratorAfterHistoryExpiry = ConformanceCheck(
        "CHG-66",
        .changes,
        "after a history expiry, old anchors expire on the enumerators that gave them, which then give new anchors "
            + "that work, for a folder, the root, the trash and the working set",
        rule: "Rule 3 (expiry)",
        clauses: ["R3.3", "R3.4"],
        rationale: "An enumerator the system keeps outlives the server's history; one that remembers the history "
            + "it saw answers an anchor older than the retained history with an empty or partial success, and the "
            + "changes in the gap are never applied.",
        requires: [.writing, .historyExpiry]
    ) { context in
        try await expectExpiryOnKeptEnumerators(context, after: "a history expiry", checksPages: false) {
            try await context.expireHistory()
        }
    }
}
