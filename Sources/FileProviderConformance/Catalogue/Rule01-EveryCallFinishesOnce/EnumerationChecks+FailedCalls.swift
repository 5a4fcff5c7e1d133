import FileProviderKit
import Foundation

/// The ENUM checks of rule 1, *every call finishes exactly once* — calls that fail report nothing first (ENUM-25).
extension EnumerationChecks {
    /// Runs one enumerateItems call of `enumerator` from `page` and records a finding when it
    /// finishes with an error after reporting items. Returns whether it failed.
    @discardableResult
    static func expectNothingBeforeError(
        _ context: CheckContext,
        _ enumerator: any Enumerator,
        from page: Page,
        _ situation: String
    ) async -> Bool {
        context.note("enumerateItems(startingAt: \(page)) \(situation), recording what it reports")
        let recorder = FinishRecorder(size: 100)
        await enumerator.enumerateItems(for: recorder, startingAt: page)
        guard case .error(let error)? = recorder.finish else { return false }
        context.expect(
            recorder.items.isEmpty,
            "a listing \(situation) reported items, then failed",
            expected: "the error alone",
            actual: "\(recorder.items.count) items (\(recorder.items.prefix(5).map(\.filename))), then \(error)"
        )
        return true
    }

    static let failedListingsReportNothing = ConformanceCheck(
        "ENUM-25",
        .enumeration,
        "a listing that fails reports no item before its error, however warm its caches",
        rule: "Rule 1 (every call finishes exactly once)",
        clauses: ["R1.3", "R16.1"],
        rationale: "The system applies what a page reported before it learns the page failed; a provider that "
            + "serves the cached page, then the error, leaves items in the folder that the retry never confirms."
    ) { context in
        var container = ItemIdentifier.rootContainer
        if context.capabilities.contains(.writing) {
            let (folder, _) = try await populatedFolder(context, count: 5, named: "Warm")
            container = folder.itemIdentifier
        }
        let enumerator = try await context.enumerator(container)
        context.note("list \(container) twice on one enumerator (page size 2), warming any cache")
        _ = try await enumerator.allItems(suggestedPageSize: 2)
        let handedOut = try await enumerator.pages(suggestedPageSize: 2).first { _ in true }?.nextPage
        for (label, bytes) in [("a garbage page", Data("garbage".utf8)), ("an empty page", Data())] {
            await expectNothingBeforeError(context, enumerator, from: try Page(bytes), "from \(label)")
        }
        if context.capabilities.contains(.unreachableServer) {
            try await context.setReachable(false)
            await expectNothingBeforeError(context, enumerator, from: .initialPageSortedByName, "while unreachable")
            if let handedOut {
                await expectNothingBeforeError(context, enumerator, from: handedOut, "from a page while unreachable")
            }
            try await context.setReachable(true)
        }
        if context.capabilities.contains(.storeResets), let handedOut {
            try await context.resetStore()
            await expectNothingBeforeError(context, enumerator, from: handedOut, "from a page of before a store reset")
        }
        guard context.capabilities.contains(.writing) else { return }
        let folder = try await context.item(container)
        try await context.delete(folder, options: .recursive)
        let failed = await expectNothingBeforeError(
            context,
            enumerator,
            from: .initialPageSortedByName,
            "of \(container), deleted, on its enumerator made before"
        )
        context.expect(failed, "the listing of a deleted folder on its enumerator made before succeeded")
    }
}
