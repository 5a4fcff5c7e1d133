import FileProviderKit
import Foundation

/// The CHG checks of rule 1, *every call finishes exactly once* — calls that fail report nothing first (CHG-38).
extension ChangeChecks {
    /// Runs one enumerateChanges call of `enumerator` from `anchor` and records a finding when it
    /// finishes with an error after reporting updates or deletions.
    private static func expectNothingBeforeError(
        _ context: CheckContext,
        _ enumerator: any Enumerator,
        from anchor: SyncAnchor,
        _ situation: String
    ) async {
        context.note("enumerateChanges(from: \(anchor)) \(situation), recording what it reports")
        let recorder = FinishRecorder(size: 100)
        await enumerator.enumerateChanges(for: recorder, from: anchor)
        guard case .error(let error)? = recorder.finish else { return }
        context.expect(
            recorder.items.isEmpty && recorder.deleted.isEmpty,
            "a change enumeration \(situation) reported changes, then failed",
            expected: "the error alone",
            actual: "\(recorder.items.count) updates, \(recorder.deleted.count) deletions, then \(error)"
        )
    }

    static let failedCatchUpsReportNothing = ConformanceCheck(
        "CHG-38",
        .changes,
        "a change enumeration that fails reports no update or deletion before its error",
        rule: "Rule 1 (every call finishes exactly once)",
        clauses: ["R1.3", "R3.1"],
        rationale: "The system applies the changes of a batch as they arrive; a provider that replays its last "
            + "batch before failing applies stale changes over newer state, and the retry from a fresh listing "
            + "never undoes them."
    ) { context in
        let enumerator = try await context.enumerator(.workingSet)
        context.note("currentSyncAnchor(working set)")
        let anchor = try context.requireAnchor(try await enumerator.currentSyncAnchor(), of: .workingSet)
        if context.capabilities.contains(.writing) {
            for index in 0..<4 { try await context.createFile(named: "change-\(index).txt") }
            context.note("catch up once on the enumerator, warming any cache")
            _ = try await enumerator.changes(since: anchor, suggestedBatchSize: 2)
        }
        for (label, bytes) in [("a garbage anchor", Data("garbage".utf8)), ("an empty anchor", Data())] {
            await expectNothingBeforeError(context, enumerator, from: try SyncAnchor(bytes), "from \(label)")
        }
        if context.capabilities.contains(.unreachableServer) {
            try await context.setReachable(false)
            await expectNothingBeforeError(context, enumerator, from: anchor, "while unreachable")
            try await context.setReachable(true)
        }
        if context.capabilities.contains([.historyExpiry, .writing]) {
            try await context.expireHistory()
            try await context.createFile(named: "after-expiry.txt")
            await expectNothingBeforeError(context, enumerator, from: anchor, "from an anchor older than the history")
        }
        if context.capabilities.contains(.storeResets) {
            try await context.resetStore()
            await expectNothingBeforeError(context, enumerator, from: anchor, "from an anchor of before a store reset")
        }
    }
}
