import FileProviderKit
import Foundation

/// The enumerator of a ``BehaviourBrokenProvider``: it runs each call against the reference
/// enumerator into a ``CallCollector``, then hands the result on the way the bug does.
final class BehaviourBrokenEnumerator: Enumerator, @unchecked Sendable {
    let base: any Enumerator
    let container: ItemIdentifier
    let provider: BehaviourBrokenProvider

    init(base: any Enumerator, container: ItemIdentifier, provider: BehaviourBrokenProvider) {
        self.base = base
        self.container = container
        self.provider = provider
    }

    func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async {
        let collector = CallCollector(size: observer.suggestedPageSize)
        if provider.bug == .listingIgnoresCancellation {
            await Task { await base.enumerateItems(for: collector, startingAt: page) }.value
        } else {
            await base.enumerateItems(for: collector, startingAt: page)
        }
        switch collector.finish {
        case .error(let error)?:
            replayCache(to: observer.didEnumerate)
            observer.finishEnumeratingWithError(error)
        case .page(let next)?:
            remember(collector.items)
            observer.didEnumerate(collector.items)
            observer.finishEnumerating(upTo: next)
        default:
            observer.finishEnumeratingWithError(FileProviderError(.cannotSynchronize))
        }
    }

    func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        let collector = CallCollector(size: observer.suggestedBatchSize)
        await base.enumerateChanges(for: collector, from: anchor)
        switch collector.finish {
        case .error(let error)?:
            replayCache(to: observer.didUpdate)
            observer.finishEnumeratingWithError(error)
        case .changes(let next, let moreComing)?:
            remember(collector.items)
            if !collector.items.isEmpty { observer.didUpdate(collector.items) }
            let unreported = provider.unreportedDeletions.withLock { $0 }
            let deleted = collector.deleted.filter { !unreported.contains($0) }
            if !deleted.isEmpty { observer.didDeleteItems(withIdentifiers: deleted) }
            observer.finishEnumeratingChanges(upTo: next, moreComing: moreComing)
        default:
            observer.finishEnumeratingWithError(FileProviderError(.cannotSynchronize))
        }
    }

    func currentSyncAnchor() async throws -> SyncAnchor? {
        try await base.currentSyncAnchor()
    }

    func invalidate() async {
        await base.invalidate()
    }

    /// Keeps the items of a page or batch served, for the cache bug.
    private func remember(_ items: [ItemSnapshot]) {
        guard provider.bug == .failedCallReplaysCache, !items.isEmpty else { return }
        provider.served.withLock { $0[container] = items }
    }

    /// Reports the cached items of the container before an error, for the cache bug.
    private func replayCache(to report: ([any FileProviderItem]) -> Void) {
        guard provider.bug == .failedCallReplaysCache else { return }
        let cached = provider.served.withLock { $0[container] } ?? []
        if !cached.isEmpty { report(cached) }
    }
}

/// An observer that keeps what one enumeration call reported, for the enumerator to hand on.
final class CallCollector: EnumerationObserver, ChangeObserver, @unchecked Sendable {
    enum Finish {
        case page(Page?)
        case changes(SyncAnchor, moreComing: Bool)
        case error(any Error)
    }

    let suggestedPageSize: Int
    var suggestedBatchSize: Int { suggestedPageSize }
    private(set) var items: [ItemSnapshot] = []
    private(set) var deleted: [ItemIdentifier] = []
    private(set) var finish: Finish?

    init(size: Int) {
        suggestedPageSize = size
    }

    func didEnumerate(_ items: [any FileProviderItem]) {
        self.items += items.map { ItemSnapshot($0) }
    }

    func didUpdate(_ updatedItems: [any FileProviderItem]) {
        items += updatedItems.map { ItemSnapshot($0) }
    }

    func didDeleteItems(withIdentifiers deletedItemIdentifiers: [ItemIdentifier]) {
        deleted += deletedItemIdentifiers
    }

    func finishEnumerating(upTo nextPage: Page?) {
        if finish == nil { finish = .page(nextPage) }
    }

    func finishEnumeratingChanges(upTo anchor: SyncAnchor, moreComing: Bool) {
        if finish == nil { finish = .changes(anchor, moreComing: moreComing) }
    }

    func finishEnumeratingWithError(_ error: any Error) {
        if finish == nil { finish = .error(error) }
    }
}
