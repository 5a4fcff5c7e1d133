import FileProviderKit
import Foundation
import InMemoryFileProvider

/// A provider whose change log keeps the last change per path, as one that keys its log by server
/// path would: when an item is deleted and another appears at its path, only the newcomer is
/// reported and the deletion is lost (a real bug, which ITEM-21 catches).
final class PathKeyedChangesLayer: ReferenceProviderLayer {
    /// Where each identifier handed out was last seen.
    final class Paths: Sendable {
        private let state = LockedValue<[ItemIdentifier: String]>([:])

        func record(_ items: [any FileProviderItem]) {
            state.withLock { paths in
                for item in items { paths[item.itemIdentifier] = "\(item.parentItemIdentifier)/\(item.filename)" }
            }
        }

        /// Whether another identifier was last seen at `identifier`'s last path.
        func isSuperseded(_ identifier: ItemIdentifier) -> Bool {
            state.withLock { paths in
                guard let path = paths[identifier] else { return false }
                return paths.contains { $0.key != identifier && $0.value == path }
            }
        }
    }

    let inner: InMemoryFileProvider
    let paths = Paths()

    init(inner: InMemoryFileProvider) {
        self.inner = inner
    }

    func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator {
        PathKeyedEnumerator(
            inner: try await inner.enumerator(for: containerItemIdentifier, request: request),
            paths: paths
        )
    }
}

/// The enumerator of a ``PathKeyedChangesLayer``: it records every item it hands out, and holds a
/// catch-up's deletions back until the finish, dropping those whose path another item now has.
struct PathKeyedEnumerator: Enumerator {
    let inner: any Enumerator
    let paths: PathKeyedChangesLayer.Paths

    func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async {
        await inner.enumerateItems(for: Listing(observer: observer, paths: paths), startingAt: page)
    }

    func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        await inner.enumerateChanges(for: Changes(observer: observer, paths: paths), from: anchor)
    }

    func currentSyncAnchor() async throws -> SyncAnchor? {
        try await inner.currentSyncAnchor()
    }

    func invalidate() async {
        await inner.invalidate()
    }

    private struct Listing: EnumerationObserver {
        let observer: any EnumerationObserver
        let paths: PathKeyedChangesLayer.Paths
        var suggestedPageSize: Int { observer.suggestedPageSize }

        func didEnumerate(_ items: [any FileProviderItem]) {
            paths.record(items)
            observer.didEnumerate(items)
        }

        func finishEnumerating(upTo nextPage: Page?) { observer.finishEnumerating(upTo: nextPage) }

        func finishEnumeratingWithError(_ error: any Error) { observer.finishEnumeratingWithError(error) }
    }

    private final class Changes: ChangeObserver {
        let observer: any ChangeObserver
        let paths: PathKeyedChangesLayer.Paths
        private let deleted = LockedValue<[ItemIdentifier]>([])
        var suggestedBatchSize: Int { observer.suggestedBatchSize }

        init(observer: any ChangeObserver, paths: PathKeyedChangesLayer.Paths) {
            self.observer = observer
            self.paths = paths
        }

        func didUpdate(_ updatedItems: [any FileProviderItem]) {
            paths.record(updatedItems)
            observer.didUpdate(updatedItems)
        }

        func didDeleteItems(withIdentifiers deletedItemIdentifiers: [ItemIdentifier]) {
            deleted.withLock { $0 += deletedItemIdentifiers }
        }

        func finishEnumeratingChanges(upTo anchor: SyncAnchor, moreComing: Bool) {
            let kept = deleted.withLock { $0 }.filter { !paths.isSuperseded($0) }
            if !kept.isEmpty { observer.didDeleteItems(withIdentifiers: kept) }
            observer.finishEnumeratingChanges(upTo: anchor, moreComing: moreComing)
        }

        func finishEnumeratingWithError(_ error: any Error) { observer.finishEnumeratingWithError(error) }
    }
}
