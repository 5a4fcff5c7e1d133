import FileProviderKit
import Foundation

/// The LIFE checks of rule 5, *batches progress, and their state lives in the anchor* (LIFE-09).
extension LifecycleChecks {
    static let continuationOnFreshInstance = ConformanceCheck(
        "LIFE-09",
        .lifecycle,
        "a moreComing anchor of one instance continues on a fresh instance without losing changes",
        rule: "Rule 5 (state lives in the anchor)",
        clauses: ["R5.2", "R5.1"],
        rationale: "The system may be restarted between two batches; a provider that kept the rest of a batch in "
            + "memory lost files that way.",
        requires: [.writing, .freshInstances]
    ) { context in
        let anchor = try await context.anchor()
        var created: Set<ItemIdentifier> = []
        for index in 0..<11 {
            created.insert(try await context.createFile(named: "continued-\(index).txt").itemIdentifier)
        }
        let enumerator = try await context.enumerator(.workingSet)
        context.note("one batch of changes since \(anchor) (batch size 3)")
        let first = try await enumerator.changeBatch(from: anchor, suggestedBatchSize: 3)
        context.expect(first.moreComing, "11 creations with batch size 3 came in one batch")
        let fresh = try await context.openAnotherInstance()
        context.note("continue from the batch's anchor on the fresh instance (batch size 3)")
        let rest = try await fresh.enumerator(for: .workingSet, request: Request())
            .changes(since: first.anchor, suggestedBatchSize: 3)
        let seen = Set(first.updatedItems.map(\.itemIdentifier) + rest.updatedItems.map(\.itemIdentifier))
        let missing = created.subtracting(seen)
        context.expect(missing.isEmpty, "continuing on a fresh instance lost creations", actual: "\(missing.sorted())")
    }
}
