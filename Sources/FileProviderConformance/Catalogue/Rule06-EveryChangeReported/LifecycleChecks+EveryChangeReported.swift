import FileProviderKit
import Foundation

/// The LIFE checks of rule 6, *every change is reported, in a usable order* (LIFE-05).
extension LifecycleChecks {
    static let backlogOnFreshInstance = ConformanceCheck(
        "LIFE-05",
        .lifecycle,
        "a fresh provider instance catches up on a backlog of 1,000 mixed changes, batch by batch",
        rule: "Rules 5 and 6 (state in the anchor, every change)",
        clauses: ["R6.9", "R5.2", "R5.1"],
        rationale: "After a restart the system catches up from its last anchor on a new process; a provider whose "
            + "history lived in memory reports only what happened since it started.",
        requires: [.writing, .freshInstances]
    ) { context in
        let anchor = try await context.anchor()
        let base = try await ChangeChecks.workingSetDigests(context)
        let expected = try await context.makeBacklog(of: 1_000)
        let fresh = try await context.openAnotherInstance()
        let state = try await context.catchUp(from: anchor, over: base, on: fresh, batchSize: 5)
        context.note("list the working set on the fresh instance")
        let truth = ItemDigest.map(
            try await fresh.enumerator(for: .workingSet, request: Request()).allItems(suggestedPageSize: 64)
        )
        context.expectCaughtUp(state, truth: truth, keeping: expected, " on a fresh instance")
    }
}
