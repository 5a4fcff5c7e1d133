import FileProviderKit
import Foundation

/// An enumerator of `DivergentProvider` that forwards to the reference provider's, changing what
/// its divergence changes: a folder enumerator that serves its first name-sorted page again for
/// every later listing that page fits, or a folder's change entries without their tag data.
final class DivergentEnumerator: Enumerator {
    let inner: any Enumerator
    let container: ItemIdentifier
    let divergence: ModelDivergence
    /// The first name-sorted page the enumerator listed, with where it continued.
    private let firstPage = LockedValue<(items: [ItemSnapshot], next: Page?)?>(nil)

    init(inner: any Enumerator, container: ItemIdentifier, divergence: ModelDivergence) {
        self.inner = inner
        self.container = container
        self.divergence = divergence
    }

    func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async {
        guard divergence == .keptListingsServeTheirFirstPage, container != .workingSet,
            page == .initialPageSortedByName
        else { return await inner.enumerateItems(for: observer, startingAt: page) }
        if let cached = firstPage.withLock({ $0 }), cached.items.count <= observer.suggestedPageSize {
            observer.didEnumerate(cached.items)
            observer.finishEnumerating(upTo: cached.next)
            return
        }
        let recorder = PageRecorder(forwardingTo: observer)
        await inner.enumerateItems(for: recorder, startingAt: page)
        if let recorded = recorder.page { firstPage.withLock { $0 = recorded } }
    }

    func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        guard divergence == .folderChangesDropTagData, container != .workingSet else {
            return await inner.enumerateChanges(for: observer, from: anchor)
        }
        await inner.enumerateChanges(for: TagDroppingObserver(forwardingTo: observer), from: anchor)
    }

    func currentSyncAnchor() async throws -> SyncAnchor? {
        try await inner.currentSyncAnchor()
    }

    func invalidate() async {
        await inner.invalidate()
    }
}

/// Forwards a page and remembers its items and where it continued.
private final class PageRecorder: EnumerationObserver {
    let observer: any EnumerationObserver
    private let recorded = LockedValue<(items: [ItemSnapshot], next: Page?)?>(nil)
    private let items = LockedValue<[ItemSnapshot]>([])

    var suggestedPageSize: Int { observer.suggestedPageSize }
    var page: (items: [ItemSnapshot], next: Page?)? { recorded.withLock { $0 } }

    init(forwardingTo observer: any EnumerationObserver) {
        self.observer = observer
    }

    func didEnumerate(_ items: [any FileProviderItem]) {
        self.items.withLock { $0 += items.map { ItemSnapshot($0) } }
        observer.didEnumerate(items)
    }

    func finishEnumerating(upTo nextPage: Page?) {
        let listed = items.withLock { $0 }
        recorded.withLock { $0 = (listed, nextPage) }
        observer.finishEnumerating(upTo: nextPage)
    }

    func finishEnumeratingWithError(_ error: any Error) {
        observer.finishEnumeratingWithError(error)
    }
}

/// Forwards a batch of changes with every updated item's tag data removed.
private final class TagDroppingObserver: ChangeObserver {
    let observer: any ChangeObserver

    var suggestedBatchSize: Int { observer.suggestedBatchSize }

    init(forwardingTo observer: any ChangeObserver) {
        self.observer = observer
    }

    func didUpdate(_ updatedItems: [any FileProviderItem]) {
        observer.didUpdate(
            updatedItems.map { item in
                var snapshot = ItemSnapshot(item)
                snapshot.tagData = nil
                return snapshot
            }
        )
    }

    func didDeleteItems(withIdentifiers deletedItemIdentifiers: [ItemIdentifier]) {
        observer.didDeleteItems(withIdentifiers: deletedItemIdentifiers)
    }

    func finishEnumeratingChanges(upTo anchor: SyncAnchor, moreComing: Bool) {
        observer.finishEnumeratingChanges(upTo: anchor, moreComing: moreComing)
    }

    func finishEnumeratingWithError(_ error: any Error) {
        observer.finishEnumeratingWithError(error)
    }
}
