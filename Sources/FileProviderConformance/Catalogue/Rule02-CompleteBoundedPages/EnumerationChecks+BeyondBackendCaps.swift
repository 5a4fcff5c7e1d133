import FileProviderKit
import Foundation

/// The ENUM checks of rule 2, *pages are complete and bounded* — above every common backend cap
/// (ENUM-67).
extension EnumerationChecks {
    /// More children than every common backend's page or feed cap (1,000, 2,048, 2,500, 4,096, 5,000).
    static let beyondCapsCount = 5_001

    /// Catches up on `enumerator` of `folder` from `anchor` in batches of `batchSize` and records a
    /// finding unless every one of `created` is reported, as a child of `folder`.
    static func expectFolderCaughtUp(
        _ context: CheckContext,
        _ enumerator: any Enumerator,
        of folder: ItemIdentifier,
        from anchor: SyncAnchor,
        created: Set<ItemIdentifier>,
        batchSize: Int
    ) async throws {
        context.note("changes of \(folder) since \(anchor) on its kept enumerator (batch size \(batchSize))")
        let changes = try await enumerator.changes(since: anchor, suggestedBatchSize: batchSize)
        let reported = Set(changes.updatedItems.filter { $0.parentItemIdentifier == folder }.map(\.itemIdentifier))
        let missing = created.subtracting(reported)
        context.expect(
            missing.isEmpty,
            "the folder's catch-up on \(created.count) creations in batches of \(batchSize) ended before the end "
                + "of the backlog",
            expected: "\(created.count) creations reported in \(folder)",
            actual: "\(missing.count) missing after \(changes.batchCount) batches, for example "
                + "\(missing.sorted().prefix(3).map(\.rawValue))"
        )
    }

    static let beyondBackendCaps = ConformanceCheck(
        "ENUM-67",
        .enumeration,
        "a folder of 5,001 children lists to the end by name and by date with pages of 500 and 1,000, and its "
            + "5,001 creations are caught up in batches of 200 and 1,000 on the working set and the folder",
        rule: "Rule 2 (pages), rule 6 (changes)",
        clauses: ["R2.1", "R2.3", "R2.4", "R6.9", "R6.1"],
        rationale: "Backends cap their pages and feeds (1,000 for S3 and many REST APIs, 2,048, 4,096, 5,000): "
            + "a provider that stops at the cap, or ends a catch-up there with the current anchor, passes every "
            + "folder and backlog of a few thousand and silently loses the rest of a larger one for good.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Beyond").itemIdentifier
        let workingSetAnchor = try await context.anchor(.workingSet)
        let folderEnumerator = try await context.enumerator(folder)
        let folderAnchor = try await context.changeAnchor(of: folderEnumerator, for: folder)
        let created = try await populateAtScale(context, in: folder, count: beyondCapsCount)
        try await context.settle()
        for start in [Page.initialPageSortedByName, .initialPageSortedByDate] {
            for pageSize in [500, 1_000] {
                let listed = try await listPageByPage(context, folder, from: start, pageSize: pageSize)
                expectComplete(context, listed, created, from: start, pageSize: pageSize)
            }
        }
        for batchSize in [200, 1_000] {
            let state = try await context.catchUp(
                from: workingSetAnchor,
                over: [:],
                on: context.provider,
                batchSize: batchSize
            )
            let missing = created.filter { state[$0]?.parent != folder }
            context.expect(
                missing.isEmpty,
                "the working set's catch-up on \(created.count) creations in batches of \(batchSize) ended before "
                    + "the end of the backlog",
                expected: "\(created.count) creations reported in \(folder)",
                actual: "\(missing.count) missing, for example \(missing.sorted().prefix(3).map(\.rawValue))"
            )
            if let folderAnchor {
                try await expectFolderCaughtUp(
                    context,
                    folderEnumerator,
                    of: folder,
                    from: folderAnchor,
                    created: created,
                    batchSize: batchSize
                )
            }
        }
    }
}
