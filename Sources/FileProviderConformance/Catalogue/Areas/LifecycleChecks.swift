import FileProviderKit
import Foundation

/// Checks of fresh instances, invalidation, cancellation and concurrency (`LIFE-…`).
///
/// The checks live in the catalogue's folders, one folder per rule of the behavioural contract; this
/// file lists them in report order and holds the helpers that checks of several rules share.
enum LifecycleChecks {
    static let all: [ConformanceCheck] = [
        freshInstanceContinues, invalidate, cancellation, concurrentCreations, backlogOnFreshInstance,
        concurrentSameNameFiles, concurrentEquivalentFolders, cancelledReads, continuationOnFreshInstance,
        invalidatedMidListing, cancelledContinuation, cancelledLargeListingEndsPromptly,
        listingCancelledMidwayEndsPromptly, otherStoresPagesExpire, otherStoresAnchorsExpire, concurrentCatchUps,
        concurrentFetches, listingsRacingCreations, listingsRacingDateChanges, concurrentMetadataEdits,
        concurrentWriteAndRename, simultaneousFetchesThenWrite, fetchesRacingWritesAreNeverTorn,
    ]

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

    /// Catches up on the working set from `anchor` over `base` with batches of `batchSize`, every
    /// batch on `enumerator`, and returns the state reached.
    static func catchUp(
        _ context: CheckContext,
        from anchor: SyncAnchor,
        over base: [ItemIdentifier: ItemDigest],
        on enumerator: any Enumerator,
        batchSize: Int
    ) async throws -> [ItemIdentifier: ItemDigest] {
        var state = base
        var current = anchor
        for _ in 0..<100_000 {
            let batch = try await enumerator.changeBatch(from: current, suggestedBatchSize: batchSize)
            for item in batch.updatedItems { state[item.itemIdentifier] = ItemDigest(item) }
            let parents = state.mapValues(\.parent)
            for identifier in CheckContext.selfAndDescendants(of: batch.deletedItemIdentifiers, parents: parents) {
                state[identifier] = nil
            }
            guard batch.moreComing, batch.anchor != current else { return state }
            current = batch.anchor
            await Task.yield()
        }
        throw context.abort("a catch-up did not end after 100,000 batches")
    }

    /// The children of the large folder, and the page size that makes its listing a call per child.
    static let largeFolderSize = 250

    /// The pages a cancelled listing may still serve after the cancellation: the call in flight
    /// when it came, and one more that started before the provider could see it.
    static let pagesAllowedAfterCancellation = 2

    /// Follows `nextPage` from `page` until the listing ends or fails, cancelling its own task
    /// after `cancelAfter` pages when given; returns the pages it served and how it ended.
    static func listToEnd(
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
}
