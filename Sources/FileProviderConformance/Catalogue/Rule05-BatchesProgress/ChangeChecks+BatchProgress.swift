import FileProviderKit
import Foundation

/// The CHG checks of rule 5, *batches progress, and their state lives in the anchor* (CHG-10).
extension ChangeChecks {
    static let batching = ConformanceCheck(
        "CHG-10",
        .changes,
        "changes arrive in batches no larger than suggested, each continuation anchor advances and replays",
        rule: "Rule 5 (batches and continuation)",
        clauses: ["R5.1", "R5.2"],
        rationale: "A continuation anchor that does not advance, or that only works on the enumerator that made it, "
            + "lost files in a real provider (7 of 205 never appeared).",
        requires: .writing
    ) { context in
        let anchor = try await context.anchor()
        var created: Set<ItemIdentifier> = []
        for index in 0..<13 {
            created.insert(try await context.createFile(named: "batch-\(index).txt").itemIdentifier)
        }
        var current = anchor
        var seen: Set<ItemIdentifier> = []
        var batches = 0
        while true {
            let enumerator = try await context.enumerator(.workingSet)
            context.note("one batch of changes since \(current) on a fresh enumerator (batch size 4)")
            let batch = try await enumerator.changeBatch(from: current, suggestedBatchSize: 4)
            batches += 1
            seen.formUnion(batch.updatedItems.map(\.itemIdentifier))
            if batch.moreComing {
                context.expect(batch.anchor != current, "a batch with moreComing returned the anchor it was asked for")
                let replay = try await enumerator.changeBatch(from: current, suggestedBatchSize: 4)
                seen.formUnion(replay.updatedItems.map(\.itemIdentifier))
            }
            if !batch.moreComing || batches > 100 || batch.anchor == current { break }
            current = batch.anchor
        }
        context.expect(batches >= 4, "13 changes with batch size 4 came in fewer than 4 batches", actual: "\(batches)")
        let missing = created.subtracting(seen)
        context.expect(
            missing.isEmpty,
            "batched changes lost creations",
            actual: missing.map(\.rawValue).sorted().joined(separator: ", ")
        )
    }
}
