import FileProviderKit
import Foundation

/// The ERR checks of rule 16, *failures are atomic and typed* — enumerators made before an outage (ERR-62).
extension ErrorChecks {
    static let unreachableHeldEnumerators = ConformanceCheck(
        "ERR-62",
        .errors,
        "while the server is unreachable, a listing and a change enumeration on enumerators made before the "
            + "outage fail with exactly serverUnreachable, and both work after it",
        rule: "Rules 16 and 17 (typed failures, the host reacts to codes)",
        clauses: ["R16.5"],
        rationale: "The system keeps a folder's enumerator and lists on it again when the user opens the folder; a "
            + "provider that answers an outage on a held enumerator with cannotSynchronize stops the host from "
            + "retrying, and the folder stays stale after the network returns.",
        requires: [.writing, .unreachableServer]
    ) { context in
        let folder = try await context.createFolder(named: "Held")
        let file = try await context.createFile(named: "inside.txt", in: folder.itemIdentifier)
        let listing = try await context.enumerator(folder.itemIdentifier)
        context.note("list \(folder.itemIdentifier) once on that enumerator while reachable")
        _ = try await listing.allItems(suggestedPageSize: 10)
        let workingSet = try await context.enumerator(.workingSet)
        context.note("currentSyncAnchor(working set) while reachable")
        let anchor = try context.requireAnchor(try await workingSet.currentSyncAnchor(), of: .workingSet)
        // Nothing below throws until the server is reachable again: each call's error is a finding.
        try await context.setReachable(false)
        for page in [Page.initialPageSortedByName, .initialPageSortedByDate] {
            await context.expectError(
                .serverUnreachable,
                "list \(folder.itemIdentifier) from \(page) on its enumerator made before the outage"
            ) {
                try await listing.allItems(startingAt: page, suggestedPageSize: 10)
            }
        }
        await context.expectError(
            .serverUnreachable,
            "changes of the working set since \(anchor) on its enumerator made before the outage"
        ) {
            try await workingSet.changes(since: anchor, suggestedBatchSize: 10)
        }
        try await context.setReachable(true)
        context.note("list \(folder.itemIdentifier) on the enumerator made before the outage, after it")
        let after = try await listing.allItems(suggestedPageSize: 10).map(\.itemIdentifier)
        context.expectEqual(after, [file.itemIdentifier], "after the outage, the held enumerator lists other items")
        context.note("changes of the working set since \(anchor) on the enumerator made before the outage, after it")
        let changes = try await workingSet.changes(since: anchor, suggestedBatchSize: 10)
        context.expect(
            changes.deletedItemIdentifiers.isEmpty,
            "after the outage, the held working set's changes report deletions although nothing was deleted",
            actual: "\(changes.deletedItemIdentifiers)"
        )
    }
}
