import FileProviderKit
import Foundation

/// The LIFE checks of rule 5, *batches progress, and their state lives in the anchor* — concurrent catch-ups (LIFE-60).
extension LifecycleChecks {
    static let concurrentCatchUps = ConformanceCheck(
        "LIFE-60",
        .lifecycle,
        "two catch-ups from one anchor at once each get the whole backlog, on one enumerator and on two",
        rule: "Rule 5 (batches), rule 6 (changes)",
        clauses: ["R5.3", "R6.9"],
        rationale: "The system enumerates changes from several threads, and a domain's working set and a folder "
            + "are caught up at once; an enumerator that keeps its cursor in itself hands each caller part of the "
            + "backlog, and each replica misses what the other got.",
        requires: .writing
    ) { context in
        let anchor = try await context.anchor(.workingSet)
        let base = ItemDigest.map(try await context.list(.workingSet))
        let kept = try await context.makeBacklog(of: 120)
        let truth = ItemDigest.map(try await context.list(.workingSet, pageSize: 500))
        let shared = try await context.enumerator(.workingSet)
        let other = try await context.enumerator(.workingSet)
        context.note("catch up from \(anchor) four times at once, batches of 3: twice on one enumerator, twice on two")
        let states = try await withThrowingTaskGroup(of: (String, [ItemIdentifier: ItemDigest]).self) { group in
            for (name, enumerator) in [
                ("the shared enumerator", shared), ("the shared enumerator, again", shared),
                ("a second enumerator", other), ("a fresh enumerator", try await context.enumerator(.workingSet)),
            ] {
                group.addTask {
                    (name, try await catchUp(context, from: anchor, over: base, on: enumerator, batchSize: 3))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (name, state) in states.sorted(by: { $0.0 < $1.0 }) {
            context.expectCaughtUp(state, truth: truth, keeping: kept, " on \(name), alongside three others")
        }
    }
}
