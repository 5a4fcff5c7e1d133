import FileProviderKit
import Foundation

/// The CHG checks of rule 6, *every change is reported, in a usable order* — items that leave a folder (CHG-24, CHG-25,
/// CHG-79).
extension ChangeChecks {
    /// Makes folder `F` holding folder `X` holding a file, and returns them.
    private static func nestedDeparture(
        _ context: CheckContext,
        named name: String
    ) async throws -> (folder: ItemSnapshot, leaving: ItemSnapshot) {
        let folder = try await context.createFolder(named: name)
        let leaving = try await context.createFolder(named: "Leaving", in: folder.itemIdentifier)
        _ = try await context.createFile(named: "kept.txt", in: leaving.itemIdentifier)
        return (folder, leaving)
    }

    /// Moves `leaving` to `destination`, deletes `folder` recursively, then renames `leaving`.
    private static func leaveThenDelete(
        _ context: CheckContext,
        folder: ItemSnapshot,
        leaving: ItemSnapshot,
        to destination: ItemIdentifier
    ) async throws {
        let moved = try await context.move(leaving, to: destination)
        try await context.delete(try await context.item(folder.itemIdentifier), options: .recursive)
        _ = try await context.rename(moved, to: "Left")
    }

    /// Catches up from `anchor` over `base` in batches of `batchSize`, deleting folders with their
    /// contents, and records a finding unless that ends in the working set's current state with
    /// `kept` in it; `situation` ends the finding's message.
    private static func expectCatchUpKeeps(
        _ kept: ItemSnapshot,
        _ context: CheckContext,
        from anchor: SyncAnchor,
        over base: [ItemIdentifier: ItemDigest],
        batchSize: Int,
        _ situation: String
    ) async throws {
        let state = try await context.catchUp(from: anchor, over: base, on: context.provider, batchSize: batchSize)
        context.expectCaughtUp(
            state,
            truth: try await workingSetDigests(context),
            keeping: [kept.itemIdentifier],
            situation
        )
    }

    static let departureBeforeFolderDeletion = ConformanceCheck(
        "CHG-24",
        .changes,
        "a subfolder moved out of a folder then deleted survives in a host that deletes folders with their contents",
        rule: "Rule 6 (every change, in a usable order)",
        clauses: ["R6.12", "R6.5"],
        rationale: "The system drops a deleted folder's contents; a provider that reports the folder's deletion "
            + "before the move of a subfolder that left it — because the subfolder changed again later — loses "
            + "the subfolder's unchanged contents for good.",
        requires: .writing
    ) { context in
        var replicas: [HostReplica] = []
        for batchSize in [1, 2, 50] {
            replicas.append(try await HostReplica(context: context, batchSize: batchSize))
        }
        let (folder, leaving) = try await nestedDeparture(context, named: "Doomed")
        for replica in replicas { try await replica.catchUp(context: context) }
        try await leaveThenDelete(context, folder: folder, leaving: leaving, to: .rootContainer)
        for (replica, batchSize) in zip(replicas, [1, 2, 50]) {
            try await replica.catchUp(context: context)
            try await replica.expectConverged(
                context: context,
                "after a subfolder left a folder that was then deleted (batches of \(batchSize))"
            )
            await replica.stop()
        }
    }

    static let departureCaughtUpRecursively = ConformanceCheck(
        "CHG-25",
        .changes,
        "catching up with recursive deletions keeps a subfolder that left a deleted folder, from fresh enumerators",
        rule: "Rule 6 (every change, in a usable order)",
        clauses: ["R6.12", "R5.2"],
        rationale: "Every consumer that mirrors a tree deletes a folder's contents with it; the order of batches "
            + "must not depend on the consumer keeping orphans, even when every batch comes from a new enumerator.",
        requires: .writing
    ) { context in
        for batchSize in [1, 3] {
            let (folder, leaving) = try await nestedDeparture(context, named: "Gone-\(batchSize)")
            let target = try await context.createFolder(named: "Target-\(batchSize)")
            let anchor = try await context.anchor()
            let base = try await workingSetDigests(context)
            try await leaveThenDelete(context, folder: folder, leaving: leaving, to: target.itemIdentifier)
            try await expectCatchUpKeeps(
                leaving,
                context,
                from: anchor,
                over: base,
                batchSize: batchSize,
                " in batches of \(batchSize) applied with recursive deletions"
            )
        }
    }

    static let departedFolderDeletedLater = ConformanceCheck(
        "CHG-79",
        .changes,
        "a folder that left a deleted folder, then lost a subfolder and was deleted, still keeps that subfolder",
        rule: "Rule 6 (every change, in a usable order)",
        clauses: ["R6.12", "R6.5"],
        rationale: "A consumer at an older anchor still holds the folder, and what it held, inside the folder it "
            + "left; a provider that reports nothing for a departed item once that item is deleted too lets the old "
            + "parent's deletion take the subfolder that left the item later, and its unchanged contents with it.",
        requires: .writing
    ) { context in
        for batchSize in [1, 2] {
            let outer = try await context.createFolder(named: "Outer-\(batchSize)")
            let (middle, inner) = try await nestedDeparture(context, named: "Middle-\(batchSize)")
            let placed = try await context.move(middle, to: outer.itemIdentifier)
            let target = try await context.createFolder(named: "Target-\(batchSize)")
            let anchor = try await context.anchor()
            let base = try await workingSetDigests(context)
            _ = try await context.move(placed, to: .rootContainer)
            try await context.delete(try await context.item(outer.itemIdentifier), options: .recursive)
            _ = try await context.move(try await context.item(inner.itemIdentifier), to: target.itemIdentifier)
            try await context.delete(try await context.item(middle.itemIdentifier), options: .recursive)
            try await expectCatchUpKeeps(
                inner,
                context,
                from: anchor,
                over: base,
                batchSize: batchSize,
                " in batches of \(batchSize) applied with recursive deletions, after the folder that held "
                    + "\(inner.itemIdentifier) left its parent, the parent was deleted, \(inner.itemIdentifier) left "
                    + "the folder and the folder was deleted"
            )
        }
    }
}
