import FileProviderKit
import Foundation

/// The LIFE checks of rule 16, *failures are atomic and typed* — cancelled calls (LIFE-11).
extension LifecycleChecks {
    static let cancelledContinuation = ConformanceCheck(
        "LIFE-11",
        .lifecycle,
        "a listing resumed in a cancelled task ends with CancellationError or the rest of the folder",
        rule: "Rules 16 and 2 (cancellation, pages)",
        clauses: ["R16.3", "R2.1"],
        rationale: "A provider that swallows the cancellation and finishes with no items and no next page tells "
            + "the system the folder ends there: the rest of it disappears until the next full listing.",
        requires: .writing
    ) { context in
        let (folder, _) = try await EnumerationChecks.populatedFolder(context, count: 7, named: "Abandoned")
        let all = Set(try await context.list(folder.itemIdentifier, pageSize: 100).map(\.itemIdentifier))
        let enumerator = try await context.enumerator(folder.itemIdentifier)
        context.note("list the first page of \(folder.itemIdentifier) (page size 3)")
        var iterator = enumerator.pages(suggestedPageSize: 3).makeAsyncIterator()
        let first = try context.require(try await iterator.next(), "the listing of 7 items has no first page")
        let next = try context.require(first.nextPage, "a folder of 7 items ended after 3")
        let rest = all.subtracting(first.items.map(\.itemIdentifier))
        context.note("the rest of the listing from \(next) in a task cancelled before it starts")
        let resumed = await cancelledCall(size: 100) { observer in
            await enumerator.enumerateItems(for: observer, startingAt: next)
        }
        expectCancelledOrComplete(context, "the rest of the listing", resumed, expected: rest)
        context.note("list \(folder.itemIdentifier) by date (page size 100) in a task cancelled before it starts")
        let byDate = await cancelledCall(size: 100) { observer in
            await enumerator.enumerateItems(for: observer, startingAt: .initialPageSortedByDate)
        }
        expectCancelledOrComplete(context, "the date-sorted listing", byDate, expected: all)
    }
}
