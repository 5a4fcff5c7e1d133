import FileProviderKit
import Foundation

/// The CHG checks of rule 6, *every change is reported, in a usable order* — at scale (CHG-60, CHG-61).
extension ChangeChecks {
    /// The batch sizes the catch-ups use, on fresh enumerators and on one: together 1, 2 and 50
    /// on both kinds, at a cost a provider that flushes every change can afford.
    static let deletionBatchSizes = (freshEnumerators: [1, 50], oneEnumerator: [2, 50])

    /// Makes `Doomed` (10 folders, each with 10 folders of 9 files: 1,010 descendants) and `Kept`
    /// (one file) in the root, noting one line in the trail.
    static func makeDoomedTree(_ context: CheckContext) async throws -> DoomedTree {
        context.note("create Doomed with 10 folders of 10 folders of 9 files (1,010 descendants), and Kept with a file")
        let contents = try context.file(containing: Data("doomed".utf8))
        var parents: [ItemIdentifier: ItemIdentifier] = [:]
        func make(_ name: String, in parent: ItemIdentifier, folder: Bool) async throws -> ItemIdentifier {
            let identifier = try await context.createUnnoted(
                named: name,
                in: parent,
                folder: folder,
                contents: contents
            )
            parents[identifier] = parent
            return identifier
        }
        let doomedFolder = try await make("Doomed", in: .rootContainer, folder: true)
        for outer in 0..<10 {
            let level1 = try await make("L1-\(outer)", in: doomedFolder, folder: true)
            for inner in 0..<10 {
                let level2 = try await make("L2-\(inner)", in: level1, folder: true)
                for file in 0..<9 { _ = try await make("f\(file).txt", in: level2, folder: false) }
            }
        }
        let keptFolder = try await make("Kept", in: .rootContainer, folder: true)
        let keptFile = try await make("kept.txt", in: keptFolder, folder: false)
        var doomed: Set<ItemIdentifier> = [doomedFolder]
        for identifier in parents.keys where identifier != doomedFolder {
            var parent = parents[identifier]
            while let next = parent, next != doomedFolder { parent = parents[next] }
            if parent == doomedFolder { doomed.insert(identifier) }
        }
        return DoomedTree(folder: doomedFolder, doomed: doomed, kept: [keptFolder, keptFile], parents: parents)
    }

    /// Catches up on the working set from `anchor` in batches of `batchSize`, on `enumerator` for
    /// every batch or on a fresh one each time, and records a finding for a batch over its size, a
    /// continuation anchor that does not advance, a doomed item not reported deleted, a kept item
    /// reported deleted, or an item reported updated after it or a folder above it was reported
    /// deleted (which brings it back).
    static func expectDeletionCaughtUp(
        _ context: CheckContext,
        _ tree: DoomedTree,
        from anchor: SyncAnchor,
        batchSize: Int,
        on enumerator: (any Enumerator)?
    ) async throws {
        let how = enumerator == nil ? "each on a fresh enumerator" : "all on one enumerator"
        context.note("catch up on the working set from \(anchor), batches of \(batchSize), \(how)")
        var deleted: Set<ItemIdentifier> = []
        var resurrected: Set<ItemIdentifier> = []
        var current = anchor
        var batches = 0
        while true {
            batches += 1
            guard batches <= 100_000 else { throw context.abort("the catch-up did not end after 100,000 batches") }
            let batchEnumerator: any Enumerator
            if let enumerator {
                batchEnumerator = enumerator
            } else {
                batchEnumerator = try await context.provider.enumerator(for: .workingSet, request: Request())
            }
            let batch = try await batchEnumerator.changeBatch(from: current, suggestedBatchSize: batchSize)
            let size = batch.updatedItems.count + batch.deletedItemIdentifiers.count
            if size > batchSize {
                throw context.abort(
                    "a batch of the deletion's catch-up held more changes than suggested",
                    expected: "≤ \(batchSize)",
                    actual: "\(size)"
                )
            }
            for item in batch.updatedItems where tree.doomed.contains(item.itemIdentifier) {
                var above: ItemIdentifier? = item.itemIdentifier
                while let next = above, !deleted.contains(next) { above = tree.parents[next] }
                if above != nil { resurrected.insert(item.itemIdentifier) }
            }
            deleted.formUnion(batch.deletedItemIdentifiers)
            guard batch.moreComing else { break }
            guard batch.anchor != current else {
                throw context.abort("a batch with moreComing returned the anchor it was asked for")
            }
            current = batch.anchor
        }
        let missing = tree.doomed.subtracting(deleted)
        context.expect(
            missing.isEmpty,
            "catching up on a recursive deletion of \(tree.doomed.count) items in batches of \(batchSize), \(how), "
                + "did not report every one deleted",
            expected: "\(tree.doomed.count) deletions",
            actual: "\(missing.count) missing, for example \(missing.sorted().prefix(3).map(\.rawValue))"
        )
        let wrong = tree.kept.intersection(deleted)
        context.expect(
            wrong.isEmpty,
            "catching up on a recursive deletion in batches of \(batchSize) reported items outside the folder deleted",
            actual: "\(wrong.sorted())"
        )
        context.expect(
            resurrected.isEmpty,
            "catching up on a recursive deletion in batches of \(batchSize), \(how), reported items updated after "
                + "they or a folder above them were reported deleted, which brings them back",
            actual: "\(resurrected.count) items, for example \(resurrected.sorted().prefix(3).map(\.rawValue))"
        )
    }

    /// Makes the doomed tree, takes the working set's anchor, deletes `Doomed` recursively and
    /// catches up from the anchor in batches of each of `batchSizes`, each batch on a fresh
    /// enumerator (see ``expectDeletionCaughtUp(_:_:from:batchSize:on:)``).
    static func deleteDoomedTreeCatchingUpFresh(_ context: CheckContext, batchSizes: [Int]) async throws {
        let tree = try await makeDoomedTree(context)
        let anchor = try await context.anchor(.workingSet)
        let folder = try await context.item(tree.folder)
        try await context.delete(folder, options: .recursive)
        for batchSize in batchSizes {
            try await expectDeletionCaughtUp(context, tree, from: anchor, batchSize: batchSize, on: nil)
        }
    }

    static let largeDeletionFreshEnumerators = ConformanceCheck(
        "CHG-60",
        .changes,
        "a recursive deletion of 1,011 nested items is reported in full in batches of 1 and 50, each on a fresh "
            + "enumerator",
        rule: "Rule 6 (changes)",
        clauses: ["R6.13", "R6.5", "R5.1"],
        rationale: "A provider that reports a deleted folder's descendants from one page of its backend's listing, "
            + "or loses the rest of them between batches, leaves most of a deleted tree on every device that "
            + "caught up in small batches.",
        requires: .writing
    ) { context in
        try await deleteDoomedTreeCatchingUpFresh(context, batchSizes: deletionBatchSizes.freshEnumerators)
    }

    static let largeDeletionOneEnumerator = ConformanceCheck(
        "CHG-61",
        .changes,
        "a recursive deletion of 1,011 nested items is reported in full in batches of 2 and 50, all on the "
            + "enumerator that gave the anchor, and the root's enumerator reports the folder deleted",
        rule: "Rule 6 (changes), rule 5 (batches)",
        clauses: ["R6.13", "R6.5", "R5.1"],
        rationale: "The system keeps an enumerator for as long as it likes and asks it for batch after batch; a "
            + "provider that keeps a cursor of the deletion in the enumerator, or tests only fresh ones, reports "
            + "part of a large deletion to the system's own enumerator.",
        requires: .writing
    ) { context in
        let tree = try await makeDoomedTree(context)
        let workingSet = try await context.enumerator(.workingSet)
        context.note("currentSyncAnchor(workingSet) on that enumerator")
        let anchor = try context.requireAnchor(try await workingSet.currentSyncAnchor(), of: .workingSet)
        let root = try await context.enumerator(.rootContainer)
        let rootAnchor = try await root.currentSyncAnchor()
        let folder = try await context.item(tree.folder)
        try await context.delete(folder, options: .recursive)
        for batchSize in deletionBatchSizes.oneEnumerator {
            try await expectDeletionCaughtUp(context, tree, from: anchor, batchSize: batchSize, on: workingSet)
        }
        try await expectFolderDeletionReported(context, tree, by: root, of: "the root", since: rootAnchor)
    }

    /// Catches `enumerator` — of `container`, the doomed folder's parent — up from `anchor` and
    /// records a finding unless it reports the folder deleted and none of its items updated. An
    /// enumerator that does not report changes (`listingOnlyFolders`, or a `nil` anchor) is not asked.
    static func expectFolderDeletionReported(
        _ context: CheckContext,
        _ tree: DoomedTree,
        by enumerator: any Enumerator,
        of container: String,
        since anchor: SyncAnchor?
    ) async throws {
        guard let anchor, !context.capabilities.contains(.listingOnlyFolders) else { return }
        context.note("changes of \(container) since \(anchor), on the enumerator that gave the anchor")
        let changes = try await enumerator.changes(since: anchor, suggestedBatchSize: 7)
        context.expect(
            changes.deletedItemIdentifiers.contains(tree.folder),
            "the enumerator of \(container) did not report the deletion of its child \(tree.folder)",
            actual: "deletions \(changes.deletedItemIdentifiers.prefix(5))"
        )
        context.expect(
            !changes.updatedItems.contains { tree.doomed.contains($0.itemIdentifier) },
            "the enumerator of \(container) reported an item of the deleted folder as updated"
        )
    }
}
