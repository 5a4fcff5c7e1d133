import FileProviderKit
import Foundation

/// The TRASH checks of rule 5, *batches are bounded and progress* — the trash's and a folder's
/// backlog in small batches (TRASH-18).
extension TrashChecks {
    /// Catches up `container` from `anchor` in batches of `batchSize`, on one enumerator or on a
    /// fresh one for every batch, recording a finding for an oversize batch; returns the changes.
    static func catchUpInBatches(
        _ context: CheckContext,
        _ container: ItemIdentifier,
        from anchor: SyncAnchor,
        batchSize: Int,
        freshEnumerators: Bool
    ) async throws -> (updated: [ItemIdentifier: ItemSnapshot], deleted: Set<ItemIdentifier>) {
        context.note(
            "catch up \(container) from \(anchor), batches of \(batchSize)"
                + (freshEnumerators ? ", each on a fresh enumerator" : ", on one enumerator")
        )
        var updated: [ItemIdentifier: ItemSnapshot] = [:]
        var deleted: Set<ItemIdentifier> = []
        var current = anchor
        var enumerator = try await context.provider.enumerator(for: container, request: Request())
        for _ in 0..<1_000 {
            if freshEnumerators {
                enumerator = try await context.provider.enumerator(for: container, request: Request())
            }
            let batch = try await enumerator.changeBatch(from: current, suggestedBatchSize: batchSize)
            let size = batch.updatedItems.count + batch.deletedItemIdentifiers.count
            context.expect(
                size <= batchSize,
                "a batch of \(container)'s changes held more changes than suggested",
                expected: "≤ \(batchSize)",
                actual: "\(size)"
            )
            for item in batch.updatedItems {
                updated[item.itemIdentifier] = ItemSnapshot(item)
                deleted.remove(item.itemIdentifier)
            }
            for identifier in batch.deletedItemIdentifiers {
                deleted.insert(identifier)
                updated[identifier] = nil
            }
            guard batch.moreComing else { return (updated, deleted) }
            guard batch.anchor != current else {
                throw context.abort(
                    "a batch of \(container)'s changes with moreComing returned the anchor it was asked for"
                )
            }
            current = batch.anchor
        }
        throw context.abort("catching up \(container) did not end after 1,000 batches")
    }

    static let trashBacklogInSmallBatches = ConformanceCheck(
        "TRASH-18",
        .trash,
        "a backlog larger than a batch — items trashed, then deleted from the trash and restored — is reported "
            + "whole by the trash's changes and by a non-root folder's in batches of 1 and 2",
        rule: "Rule 5 (batches progress), rule 6 (every change reported)",
        clauses: ["R5.1", "R6.4", "R6.5", "R6.20"],
        rationale: "The system catches up each container it shows in the batch size it chooses; a provider that "
            + "ends the trash's (or a subfolder's) catch-up after one batch, or forgets moreComing there, loses "
            + "the rest of the backlog: trashed files stay visible where they were and never show in the trash.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Backlog")
        let hasTrash = context.capabilities.contains(.trash)
        let folderEnumerator = try await context.enumerator(folder.itemIdentifier)
        let trashEnumerator = hasTrash ? try await context.enumerator(.trashContainer) : nil
        let folderAnchor = try await context.changeAnchor(of: folderEnumerator, for: folder.itemIdentifier)
        var trashAnchor: SyncAnchor?
        if let trashEnumerator {
            trashAnchor = try await context.changeAnchor(of: trashEnumerator, for: .trashContainer)
        }
        guard folderAnchor != nil || trashAnchor != nil else {
            throw CheckSkipped(reason: "neither a folder's enumerator nor the trash's reports changes")
        }
        var created: [ItemSnapshot] = []
        for name in ["one.txt", "two.txt", "three.txt", "four.txt"] {
            created.append(try await context.createFile(named: name, in: folder.itemIdentifier))
        }
        created.append(try await context.createFolder(named: "Inner", in: folder.itemIdentifier))
        for batchSize in [1, 2] {
            guard let folderAnchor else { break }
            let (updated, _) = try await catchUpInBatches(
                context,
                folder.itemIdentifier,
                from: folderAnchor,
                batchSize: batchSize,
                freshEnumerators: batchSize == 2
            )
            let missing = Set(created.map(\.itemIdentifier)).subtracting(updated.keys)
            context.expect(
                missing.isEmpty,
                "\(folder.itemIdentifier)'s changes in batches of \(batchSize) do not report every creation in it",
                expected: "\(created.count) creations",
                actual: "\(missing.count) missing: \(missing.sorted())"
            )
        }
        guard hasTrash, let trashAnchor else { return }
        var trashed: [ItemSnapshot] = []
        for item in created { trashed.append(try await context.move(item, to: .trashContainer)) }
        for batchSize in [1, 2] {
            let (updated, _) = try await catchUpInBatches(
                context,
                .trashContainer,
                from: trashAnchor,
                batchSize: batchSize,
                freshEnumerators: batchSize == 2
            )
            let missing = trashed.map(\.itemIdentifier).filter { updated[$0]?.parentItemIdentifier != .trashContainer }
            context.expect(
                missing.isEmpty,
                "the trash's changes in batches of \(batchSize) do not report every item trashed",
                expected: "\(trashed.count) updates whose parent is the trash",
                actual: "\(missing.count) missing: \(missing)"
            )
        }
        let anchor = try await context.changeAnchor(
            of: try await context.enumerator(.trashContainer),
            for: .trashContainer
        )
        guard let anchor else { return }
        for item in trashed.prefix(3) { try await context.delete(item) }
        let restored = try await context.move(trashed[3], to: folder.itemIdentifier)
        let left = trashed.prefix(3).map(\.itemIdentifier) + [restored.itemIdentifier]
        for batchSize in [1, 2] {
            let (updated, deleted) = try await catchUpInBatches(
                context,
                .trashContainer,
                from: anchor,
                batchSize: batchSize,
                freshEnumerators: batchSize == 1
            )
            let unreported = left.filter {
                !deleted.contains($0) && (updated[$0]?.parentItemIdentifier ?? .trashContainer) == .trashContainer
            }
            context.expect(
                unreported.isEmpty,
                "the trash's changes in batches of \(batchSize) do not report every item that left it",
                expected: "\(left.count) deletions or updates with the new parent",
                actual: "\(unreported.count) unreported: \(unreported)"
            )
        }
    }
}
