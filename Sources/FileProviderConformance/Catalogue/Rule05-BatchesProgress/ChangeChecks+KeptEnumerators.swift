import FileProviderKit
import Foundation

/// The CHG checks of rule 5, *batches progress, and their state lives in the anchor* — catch-ups on a kept enumerator (CHG-64).
extension ChangeChecks {
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
}
