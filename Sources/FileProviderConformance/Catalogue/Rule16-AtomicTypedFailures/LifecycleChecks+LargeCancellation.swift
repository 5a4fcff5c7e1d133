import FileProviderKit
import Foundation

/// The LIFE checks of rule 16, *failures are atomic and typed* — cancelling a large listing (LIFE-12, LIFE-13).
extension LifecycleChecks {
    /// Lists the large folder in full, then in a task cancelled before it starts (`cancelAfter`
    /// `nil`) or after `cancelAfter` pages, and records a finding unless the cancelled listing
    /// served at most ``pagesAllowedAfterCancellation`` pages after the cancellation; it may end in
    /// `CancellationError` or in any other error, which is a finding of its own.
    private static func expectPromptCancellation(
        _ context: CheckContext,
        order: Page,
        cancelAfter: Int?
    ) async throws {
        let (folder, _) = try await EnumerationChecks.populatedFolder(context, count: largeFolderSize, named: "Large")
        let enumerator = try await context.enumerator(folder.itemIdentifier)
        context.note("list \(folder.itemIdentifier) from \(order) page by page (page size 1)")
        let full = await listToEnd(enumerator, from: order, cancelAfter: nil)
        if let error = full.error { throw context.abort("the full listing failed", actual: "\(error)") }
        let when = cancelAfter.map { "after \($0) page" } ?? "before it starts"
        context.note("list it again in a task cancelled \(when)")
        let cancelled = await Task {
            if cancelAfter == nil { withUnsafeCurrentTask { $0?.cancel() } }
            return await listToEnd(enumerator, from: order, cancelAfter: cancelAfter)
        }.value
        if let error = cancelled.error, !(error is CancellationError) {
            context.fail(
                "the cancelled listing failed with another error",
                expected: "CancellationError",
                actual: "\(error)"
            )
        }
        let afterCancellation = cancelled.pages - (cancelAfter ?? 0)
        context.expect(
            afterCancellation <= pagesAllowedAfterCancellation,
            "a listing of \(largeFolderSize) children in a task cancelled \(when) did not end promptly",
            expected: "at most \(pagesAllowedAfterCancellation) more pages, then CancellationError "
                + "(the full listing took \(full.pages) pages)",
            actual: "\(afterCancellation) more pages"
                + (cancelled.error == nil ? ", ending in success" : ", ending in CancellationError")
        )
    }

    static let cancelledLargeListingEndsPromptly = ConformanceCheck(
        "LIFE-12",
        .lifecycle,
        "a listing of a large folder in a cancelled task ends within a page or two",
        rule: "Rule 16 (cancellation)",
        clauses: ["R16.7", "R16.3"],
        rationale: "The system cancels the listing of a folder the user left; a provider that serves every page "
            + "regardless keeps the network and the disk busy with a listing no one reads.",
        requires: .writing
    ) { context in
        try await expectPromptCancellation(context, order: .initialPageSortedByName, cancelAfter: nil)
    }

    static let listingCancelledMidwayEndsPromptly = ConformanceCheck(
        "LIFE-13",
        .lifecycle,
        "a by-date listing of a large folder cancelled after its first page ends within a page or two",
        rule: "Rule 16 (cancellation)",
        clauses: ["R16.7"],
        rationale: "Cancellation usually arrives while a listing runs, not before; a provider that checks it only "
            + "when a call starts still serves every later page of a listing the system abandoned.",
        requires: .writing
    ) { context in
        try await expectPromptCancellation(context, order: .initialPageSortedByDate, cancelAfter: 1)
    }
}
