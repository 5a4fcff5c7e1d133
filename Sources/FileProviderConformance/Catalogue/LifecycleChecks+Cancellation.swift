import FileProviderKit
import Foundation

/// Lifecycle checks of enumerations in cancelled tasks, called directly so that a success the
/// provider reports is seen as it is.
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

    /// Runs `body` with a fresh recorder in a task cancelled before it starts, and returns the recorder.
    static func cancelledCall(
        size: Int,
        _ body: @escaping @Sendable (FinishRecorder) async -> Void
    ) async -> FinishRecorder {
        let recorder = FinishRecorder(size: size)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await body(recorder)
        }
        await task.value
        return recorder
    }

    /// Records a finding unless `recorder` finished with CancellationError, or with a success that
    /// holds `expected`: every listed child for a final page, every expected change for a final batch.
    static func expectCancelledOrComplete(
        _ context: CheckContext,
        _ call: String,
        _ recorder: FinishRecorder,
        expected: Set<ItemIdentifier>
    ) {
        let reported = Set(recorder.items.map(\.itemIdentifier))
        let wanted = "CancellationError, or a success with all \(expected.count) expected items"
        switch recorder.finish {
        case .error(let error)?:
            context.expect(
                error is CancellationError,
                "\(call) in a cancelled task finished with another error",
                expected: "CancellationError",
                actual: "\(error)"
            )
        case .page(nil)?:
            context.expect(
                reported == expected,
                "\(call) in a cancelled task succeeded without the folder's children",
                expected: wanted,
                actual: "\(recorder.items.count) items and no next page"
            )
        case .page(_?)?:
            context.expect(
                !reported.isEmpty && reported.isSubset(of: expected),
                "\(call) in a cancelled task succeeded with a page that is not part of the folder",
                expected: wanted,
                actual: "\(recorder.items.count) items and a next page"
            )
        case .changes(_, moreComing: let moreComing)?:
            context.expect(
                moreComing || expected.isSubset(of: reported),
                "\(call) in a cancelled task succeeded without the changes",
                expected: wanted,
                actual: "\(recorder.items.count) updates, moreComing \(moreComing)"
            )
        case nil:
            context.fail("\(call) in a cancelled task returned without finishing", expected: "CancellationError")
        }
    }
}
