import FileProviderKit
import Foundation

/// Listings of a large folder in cancelled tasks end within a page or two (R16.7). Each listing is
/// driven page by page, as a consumer that leaves cancellation to the provider does, and the bound
/// counts pages, never time, so a loaded machine cannot make a correct provider fail or a broken one
/// pass.
extension LifecycleChecks {
    static let largeCancellationChecks: [ConformanceCheck] = [
        cancelledLargeListingEndsPromptly, listingCancelledMidwayEndsPromptly,
    ]

    /// The children of the large folder, and the page size that makes its listing a call per child.
    private static let largeFolderSize = 250

    /// The pages a cancelled listing may still serve after the cancellation: the call in flight
    /// when it came, and one more that started before the provider could see it.
    private static let pagesAllowedAfterCancellation = 2

    /// Follows `nextPage` from `page` until the listing ends or fails, cancelling its own task
    /// after `cancelAfter` pages when given; returns the pages it served and how it ended.
    private static func listToEnd(
        _ enumerator: any Enumerator,
        from page: Page,
        cancelAfter: Int?
    ) async -> (pages: Int, error: (any Error)?) {
        var current = page
        var pages = 0
        while pages <= largeFolderSize * 2 {
            let recorder = FinishRecorder(size: 1)
            await enumerator.enumerateItems(for: recorder, startingAt: current)
            switch recorder.finish {
            case .page(let next?)?:
                pages += 1
                current = next
            case .error(let error)?: return (pages, error)
            default: return (pages + 1, nil)
            }
            if pages == cancelAfter { withUnsafeCurrentTask { $0?.cancel() } }
        }
        return (pages, nil)
    }

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
