import FileProviderKit
import Foundation
import Synchronization
import Testing

@Suite("ThrowingEnumerator's bridge to the observers")
struct ThrowingEnumeratorTests {
    let next: Page
    let start: SyncAnchor
    let later: SyncAnchor

    init() throws {
        next = try .named("page-2")
        start = try .named("start")
        later = try .named("later")
    }

    @Test func aPageIsReportedAndFinishedOnceWithTheNextPage() async {
        let enumerator = Returning(page: .success(ItemPage(items: [item("a"), item("b")], nextPage: next)))
        let observer = Observer(size: 2)
        await enumerator.enumerateItems(for: observer, startingAt: .initialPageSortedByName)
        #expect(observer.events == [.reported(["a", "b"]), .finishedPage(next)])
        #expect(enumerator.limits == [2])
    }

    @Test func theLastPageFinishesWithNilAndAnEmptyOneReportsNothing() async {
        let enumerator = Returning(page: .success(ItemPage(items: [], nextPage: nil)))
        let observer = Observer(size: 0)
        await enumerator.enumerateItems(for: observer, startingAt: .initialPageSortedByDate)
        #expect(observer.events == [.finishedPage(nil)])
        #expect(enumerator.limits == [1])
    }

    @Test func aThrownFileProviderErrorFinishesOnceWithIt() async {
        let enumerator = Returning(page: .failure(FileProviderError(.pageExpired, message: "old")))
        let observer = Observer(size: 5)
        await enumerator.enumerateItems(for: observer, startingAt: next)
        #expect(observer.events == [.failed(.pageExpired)])
        #expect(observer.fileProviderErrors.map(\.message) == ["old"])
    }

    @Test func aThrownPlatformErrorIsMappedByTheTable() async {
        let enumerator = Returning(page: .failure(POSIXError(.ETIMEDOUT)))
        let observer = Observer(size: 5)
        await enumerator.enumerateItems(for: observer, startingAt: next)
        #expect(observer.events == [.failed(.serverUnreachable)])
    }

    @Test func aThrownCancellationErrorFinishesOnceWithIt() async {
        let enumerator = Returning(page: .failure(CancellationError()))
        let observer = Observer(size: 5)
        await enumerator.enumerateItems(for: observer, startingAt: next)
        #expect(observer.events == [.cancelled])
    }

    @Test func aCancelledTaskFinishesWithCancellationWithoutCallingTheEnumerator() async {
        let enumerator = Returning(
            page: .success(ItemPage(items: [item("a")], nextPage: nil)),
            batch: .success(ChangeBatch(updatedItems: [], deletedItemIdentifiers: [], anchor: later, moreComing: false))
        )
        let observer = Observer(size: 5)
        await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await enumerator.enumerateItems(for: observer, startingAt: .initialPageSortedByName)
            await enumerator.enumerateChanges(for: observer, from: start)
        }.value
        #expect(observer.events == [.cancelled, .cancelled])
        #expect(enumerator.limits.isEmpty)
    }

    @Test func aPageLargerThanTheLimitIsRefusedNotSplit() async throws {
        let enumerator = Returning(page: .success(ItemPage(items: [item("a"), item("b"), item("c")], nextPage: next)))
        let observer = Observer(size: 2)
        await enumerator.enumerateItems(for: observer, startingAt: .initialPageSortedByName)
        try expectRefusal(by: observer, of: 3, over: 2)
    }

    @Test func aBatchIsReportedAndFinishedOnceWithItsAnchor() async {
        let enumerator = Returning(batch: .success(updatingAAndDeletingB(moreComing: true)))
        let observer = Observer(size: 2)
        await enumerator.enumerateChanges(for: observer, from: start)
        #expect(observer.events == [.reported(["a"]), .deleted(["b"]), .finishedChanges(later, moreComing: true)])
        #expect(enumerator.limits == [2])
        #expect(enumerator.anchors == [start])
    }

    @Test func aThrownErrorFinishesTheBatchOnceWithIt() async {
        let enumerator = Returning(batch: .failure(FileProviderError(.syncAnchorExpired)))
        let observer = Observer(size: 2)
        await enumerator.enumerateChanges(for: observer, from: start)
        #expect(observer.events == [.failed(.syncAnchorExpired)])
    }

    @Test func aBatchLargerThanTheLimitIsRefused() async throws {
        let enumerator = Returning(batch: .success(updatingAAndDeletingB(moreComing: false)))
        let observer = Observer(size: 1)
        await enumerator.enumerateChanges(for: observer, from: start)
        try expectRefusal(by: observer, of: 2, over: 1)
    }

    @Test func theConsumerConveniencesSeeNoViolation() async throws {
        let enumerator = Returning(
            page: .success(ItemPage(items: [item("a")], nextPage: nil)),
            batch: .success(
                ChangeBatch(updatedItems: [], deletedItemIdentifiers: ["b"], anchor: later, moreComing: false)
            )
        )
        #expect(try await enumerator.allItems().map(\.itemIdentifier) == ["a"])
        let changes = try await enumerator.changes(since: start)
        #expect(changes.deletedItemIdentifiers == ["b"])
        #expect(changes.anchor == later)
    }

    /// Expects `observer` to have seen nothing but the refusal of a result of `count` items.
    private func expectRefusal(by observer: Observer, of count: Int, over limit: Int) throws {
        #expect(observer.events == [.failed(.cannotSynchronize)])
        let violation = try #require(observer.fileProviderErrors.first?.underlyingError as? ContractViolation)
        #expect(violation.kind == .tooManyItems(count: count, suggested: limit))
    }

    private func updatingAAndDeletingB(moreComing: Bool) -> ChangeBatch {
        ChangeBatch(updatedItems: [item("a")], deletedItemIdentifiers: ["b"], anchor: later, moreComing: moreComing)
    }

    private func item(_ identifier: ItemIdentifier) -> ItemSnapshot {
        ItemSnapshot(
            itemIdentifier: identifier,
            parentItemIdentifier: .rootContainer,
            filename: identifier.rawValue,
            contentType: .plainText
        )
    }
}

/// A `ThrowingEnumerator` that returns or throws what it was given, and records the limits and
/// anchors it was called with.
private final class Returning: ThrowingEnumerator {
    private let page: Result<ItemPage, any Error>
    private let batch: Result<ChangeBatch, any Error>
    private let calls = Mutex<(limits: [Int], anchors: [SyncAnchor])>(([], []))

    init(
        page: Result<ItemPage, any Error> = .failure(FileProviderError(.featureUnsupported)),
        batch: Result<ChangeBatch, any Error> = .failure(FileProviderError(.featureUnsupported))
    ) {
        self.page = page
        self.batch = batch
    }

    var limits: [Int] { calls.withLock { $0.limits } }
    var anchors: [SyncAnchor] { calls.withLock { $0.anchors } }

    func enumerateItems(startingAt page: Page, limit: Int) async throws -> ItemPage {
        calls.withLock { $0.limits.append(limit) }
        return try self.page.get()
    }

    func enumerateChanges(from anchor: SyncAnchor, limit: Int) async throws -> ChangeBatch {
        calls.withLock {
            $0.limits.append(limit)
            $0.anchors.append(anchor)
        }
        return try batch.get()
    }

    func currentSyncAnchor() async throws -> SyncAnchor? { try .named("start") }
}

/// Both observers at once, recording every call in order.
private final class Observer: EnumerationObserver, ChangeObserver {
    enum Event: Equatable {
        case reported([ItemIdentifier])
        case deleted([ItemIdentifier])
        case finishedPage(Page?)
        case finishedChanges(SyncAnchor, moreComing: Bool)
        case failed(FileProviderError.Code)
        case cancelled
        case failedWithOtherError
    }

    let suggestedPageSize: Int
    let suggestedBatchSize: Int
    private let recorded = Mutex<(events: [Event], errors: [FileProviderError])>(([], []))

    init(size: Int) {
        suggestedPageSize = size
        suggestedBatchSize = size
    }

    var events: [Event] { recorded.withLock { $0.events } }
    var fileProviderErrors: [FileProviderError] { recorded.withLock { $0.errors } }

    func didEnumerate(_ items: [any FileProviderItem]) { record(.reported(items.map(\.itemIdentifier))) }
    func didUpdate(_ updatedItems: [any FileProviderItem]) { record(.reported(updatedItems.map(\.itemIdentifier))) }
    func didDeleteItems(withIdentifiers identifiers: [ItemIdentifier]) { record(.deleted(identifiers)) }
    func finishEnumerating(upTo nextPage: Page?) { record(.finishedPage(nextPage)) }

    func finishEnumeratingChanges(upTo anchor: SyncAnchor, moreComing: Bool) {
        record(.finishedChanges(anchor, moreComing: moreComing))
    }

    func finishEnumeratingWithError(_ error: any Error) {
        switch error {
        case let error as FileProviderError:
            recorded.withLock {
                $0.events.append(.failed(error.code))
                $0.errors.append(error)
            }
        case is CancellationError: record(.cancelled)
        default: record(.failedWithOtherError)
        }
    }

    private func record(_ event: Event) {
        recorded.withLock { $0.events.append(event) }
    }
}
