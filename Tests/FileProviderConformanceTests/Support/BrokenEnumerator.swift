import FileProviderKit
import Foundation

/// The reference provider's enumerator with one bug added.
final class BrokenEnumerator: Enumerator {
    let base: any Enumerator
    let bug: Bug
    let tracker: ParentTracker
    /// For ``Bug/anchorAfterListing``: the listing as it was when the enumerator was made.
    let snapshot: [any FileProviderItem]
    /// For ``Bug/continuationInEnumerator``: continuation anchors only this enumerator understands.
    private let continuations = LockedValue<[SyncAnchor: SyncAnchor]>([:])

    init(base: any Enumerator, bug: Bug, tracker: ParentTracker, snapshot: [any FileProviderItem]) {
        self.base = base
        self.bug = bug
        self.tracker = tracker
        self.snapshot = snapshot
    }

    func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async {
        switch bug {
        case .anchorAfterListing:
            let offset = page.isInitial ? 0 : Int(String(decoding: page.rawValue, as: UTF8.self)) ?? 0
            let end = min(snapshot.count, offset + observer.suggestedPageSize)
            observer.didEnumerate(Array(snapshot[offset..<end]))
            observer.finishEnumerating(upTo: end < snapshot.count ? try? Page(Data("\(end)".utf8)) : nil)
            return
        case .neverFinishes:
            try? await Task.sleep(for: .seconds(3_600))
            return
        case .oversizePages:
            let widened = Interceptor(
                pageSize: observer.suggestedPageSize * 3,
                forwardingTo: observer,
                bug: bug,
                tracker: tracker
            )
            await base.enumerateItems(for: widened, startingAt: page)
            return
        default:
            await base.enumerateItems(
                for: Interceptor(
                    pageSize: observer.suggestedPageSize,
                    forwardingTo: observer,
                    bug: bug,
                    tracker: tracker
                ),
                startingAt: page
            )
        }
    }

    func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        var start = anchor
        if bug == .continuationInEnumerator, anchor.rawValue.starts(with: Data("continuation-".utf8)) {
            guard let real = continuations.withLock({ $0[anchor] }) else {
                observer.finishEnumeratingChanges(upTo: anchor, moreComing: false)
                return
            }
            start = real
        }
        let interceptor = ChangeInterceptor(forwardingTo: observer, bug: bug, tracker: tracker, requested: anchor)
        await base.enumerateChanges(for: interceptor, from: start)
        if case .anchor(let next, let moreComing)? = interceptor.finish {
            switch bug {
            case .unchangedContinuationAnchor where moreComing:
                observer.finishEnumeratingChanges(upTo: anchor, moreComing: true)
            case .continuationInEnumerator where moreComing:
                let token = (try? SyncAnchor(Data("continuation-\(UUID().uuidString)".utf8))) ?? next
                continuations.withLock { $0[token] = next }
                observer.finishEnumeratingChanges(upTo: token, moreComing: true)
            default:
                observer.finishEnumeratingChanges(upTo: next, moreComing: moreComing)
            }
        } else if case .error(let error)? = interceptor.finish {
            if bug == .garbageAnchorSucceeds, (error as? FileProviderError)?.code == .syncAnchorExpired,
                let current = try? await base.currentSyncAnchor()
            {
                observer.finishEnumeratingChanges(upTo: current, moreComing: false)
            } else {
                observer.finishEnumeratingWithError(error)
            }
        }
    }

    func currentSyncAnchor() async throws -> SyncAnchor {
        try await base.currentSyncAnchor()
    }
}

/// Forwards a page to the real observer, changing it the way the bug does.
private final class Interceptor: EnumerationObserver {
    let suggestedPageSize: Int
    let observer: any EnumerationObserver
    let bug: Bug
    let tracker: ParentTracker

    init(pageSize: Int, forwardingTo observer: any EnumerationObserver, bug: Bug, tracker: ParentTracker) {
        self.suggestedPageSize = pageSize
        self.observer = observer
        self.bug = bug
        self.tracker = tracker
    }

    func didEnumerate(_ items: [any FileProviderItem]) {
        tracker.record(items)
        observer.didEnumerate(items)
    }

    func finishEnumerating(upTo nextPage: Page?) {
        switch bug {
        case .truncatesPagination: observer.finishEnumerating(upTo: nil)
        case .noFinish: break
        default: observer.finishEnumerating(upTo: nextPage)
        }
    }

    func finishEnumeratingWithError(_ error: any Error) {
        if bug == .garbagePageSucceeds, (error as? FileProviderError)?.code == .pageExpired {
            observer.finishEnumerating(upTo: nil)
        } else if bug != .noFinish {
            observer.finishEnumeratingWithError(error)
        }
    }
}

/// Forwards a batch of changes to the real observer, changing it the way the bug does, and keeps
/// the finish for the enumerator to decide on.
private final class ChangeInterceptor: ChangeObserver {
    enum Finish {
        case anchor(SyncAnchor, moreComing: Bool)
        case error(any Error)
    }

    let observer: any ChangeObserver
    let bug: Bug
    let tracker: ParentTracker
    private let state = LockedValue<Finish?>(nil)

    var suggestedBatchSize: Int { observer.suggestedBatchSize }
    var finish: Finish? { state.withLock { $0 } }

    init(forwardingTo observer: any ChangeObserver, bug: Bug, tracker: ParentTracker, requested: SyncAnchor) {
        self.observer = observer
        self.bug = bug
        self.tracker = tracker
    }

    func didUpdate(_ updatedItems: [any FileProviderItem]) {
        var items = updatedItems
        switch bug {
        case .movesAsDeletions:
            let moved = items.filter { item in
                tracker.parent(of: item.itemIdentifier).map { $0 != item.parentItemIdentifier } ?? false
            }
            items.removeAll { item in moved.contains { $0.itemIdentifier == item.itemIdentifier } }
            if !moved.isEmpty { observer.didDeleteItems(withIdentifiers: moved.map(\.itemIdentifier)) }
        case .childrenBeforeParents:
            items.reverse()
        default:
            break
        }
        tracker.record(items)
        observer.didUpdate(items)
    }

    func didDeleteItems(withIdentifiers deletedItemIdentifiers: [ItemIdentifier]) {
        switch bug {
        case .missesDeletions:
            return
        case .descendantDeletionsDropped:
            let deleted = Set(deletedItemIdentifiers)
            let kept = deletedItemIdentifiers.filter { identifier in
                tracker.parent(of: identifier).map { !deleted.contains($0) } ?? true
            }
            observer.didDeleteItems(withIdentifiers: kept)
        default:
            observer.didDeleteItems(withIdentifiers: deletedItemIdentifiers)
        }
    }

    func finishEnumeratingChanges(upTo anchor: SyncAnchor, moreComing: Bool) {
        state.withLock { $0 = .anchor(anchor, moreComing: moreComing) }
    }

    func finishEnumeratingWithError(_ error: any Error) {
        state.withLock { $0 = .error(error) }
    }
}
