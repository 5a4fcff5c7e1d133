import FileProviderKit
import Foundation

/// The CHG checks of rule 3, *tokens that cannot be honoured expire* — old tokens on kept enumerators (CHG-65, CHG-66).
extension ChangeChecks {
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
