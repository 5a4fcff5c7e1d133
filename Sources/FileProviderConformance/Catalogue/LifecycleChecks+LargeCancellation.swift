import FileProviderKit
import Foundation

/// Listings of a large folder in cancelled tasks end in a fraction of a full listing's time
/// (R16.7). Each listing is driven page by page, as a consumer that leaves cancellation to the
/// provider does; the bound is relative to the same listing uncancelled, never a wall-clock
/// constant, so a slow machine slows both sides.
extension LifecycleChecks {
    static let largeCancellationChecks: [ConformanceCheck] = [
        cancelledLargeListingEndsPromptly, listingCancelledMidwayEndsPromptly,
    ]

    /// The children of the large folder, and the page size that makes its listing a call per child.
    private static let largeFolderSize = 250

    /// Follows `nextPage` from `page` until the listing ends or fails, cancelling its own task
    /// after `cancelAfter` pages when given; returns the pages it took, how it ended and how long.
    private static func listToEnd(
        _ enumerator: any Enumerator,
        from page: Page,
        cancelAfter: Int?
    ) async -> (pages: Int, error: (any Error)?, duration: Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        var current = page
        var pages = 0
        while pages <= largeFolderSize * 2 {
            let recorder = FinishRecorder(size: 1)
            await enumerator.enumerateItems(for: recorder, startingAt: current)
            pages += 1
            if pages == cancelAfter { withUnsafeCurrentTask { $0?.cancel() } }
            switch recorder.finish {
            case .page(let next?)?: current = next
            case .error(let error)?: return (pages, error, clock.now - start)
            default: return (pages, nil, clock.now - start)
            }
        }
        return (pages, nil, clock.now - start)
    }

    /// Lists the large folder in full, then in tasks cancelled before they start (`cancelAfter`
    /// `nil`) or after `cancelAfter` pages, and records a finding unless the fastest cancelled
    /// listing took less than half the fastest full one.
    private static func expectPromptCancellation(
        _ context: CheckContext,
        order: Page,
        cancelAfter: Int?
    ) async throws {
        let (folder, _) = try await EnumerationChecks.populatedFolder(context, count: largeFolderSize, named: "Large")
        let enumerator = try await context.enumerator(folder.itemIdentifier)
        context.note("list \(folder.itemIdentifier) from \(order) page by page (page size 1), twice, timing it")
        var full = Duration.seconds(3_600)
        for _ in 0..<2 {
            let run = await listToEnd(enumerator, from: order, cancelAfter: nil)
            if let error = run.error { throw context.abort("the full listing failed", actual: "\(error)") }
            full = min(full, run.duration)
        }
        let when = cancelAfter.map { "after \($0) page" } ?? "before it starts"
        context.note("list it again three times in a task cancelled \(when), timing it")
        var cancelled: (pages: Int, error: (any Error)?, duration: Duration)?
        for _ in 0..<3 {
            let run = await Task {
                if cancelAfter == nil { withUnsafeCurrentTask { $0?.cancel() } }
                return await listToEnd(enumerator, from: order, cancelAfter: cancelAfter)
            }.value
            if let error = run.error, !(error is CancellationError) {
                context.fail(
                    "the cancelled listing failed with another error",
                    expected: "CancellationError",
                    actual: "\(error)"
                )
            }
            if cancelled.map({ run.duration < $0.duration }) ?? true { cancelled = run }
        }
        guard let cancelled else { return }
        context.expect(
            cancelled.duration * 2 <= full,
            "a listing of \(largeFolderSize) children in a task cancelled \(when) did not end promptly",
            expected: "less than half of the full listing's \(full)",
            actual: "\(cancelled.duration) and \(cancelled.pages) pages"
                + (cancelled.error == nil ? ", ending in success" : ", ending in CancellationError")
        )
    }

    static let cancelledLargeListingEndsPromptly = ConformanceCheck(
        "LIFE-12",
        .lifecycle,
        "a listing of a large folder in a cancelled task ends in a fraction of a full listing's time",
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
        "a by-date listing of a large folder cancelled after its first page ends promptly",
        rule: "Rule 16 (cancellation)",
        clauses: ["R16.7"],
        rationale: "Cancellation usually arrives while a listing runs, not before; a provider that checks it only "
            + "when a call starts still serves every later page of a listing the system abandoned.",
        requires: .writing
    ) { context in
        try await expectPromptCancellation(context, order: .initialPageSortedByDate, cancelAfter: 1)
    }
}
