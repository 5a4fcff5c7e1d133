import FileProviderKit

/// An observer of one enumerateItems or enumerateChanges call that keeps exactly what the provider
/// reported, with no checks of its own, so a check can judge a finish the conveniences would hide
/// (for example a success in a cancelled task).
final class FinishRecorder: EnumerationObserver, ChangeObserver {
    /// How the call finished.
    enum Finish {
        /// A listing page finished, with the next page.
        case page(Page?)
        /// A change batch finished, with the anchor and moreComing.
        case changes(SyncAnchor, moreComing: Bool)
        /// The call finished with an error.
        case error(any Error)
    }

    private struct State {
        var items: [ItemSnapshot] = []
        var deleted: [ItemIdentifier] = []
        var finish: Finish?
    }

    let suggestedPageSize: Int
    var suggestedBatchSize: Int { suggestedPageSize }
    private let state = LockedValue(State())

    /// The items listed or updated so far.
    var items: [ItemSnapshot] { state.withLock { $0.items } }
    /// The identifiers reported deleted so far.
    var deleted: [ItemIdentifier] { state.withLock { $0.deleted } }
    /// The first finish, `nil` before it.
    var finish: Finish? { state.withLock { $0.finish } }

    init(size: Int) {
        suggestedPageSize = max(1, size)
    }

    func didEnumerate(_ items: [any FileProviderItem]) {
        state.withLock { $0.items += items.map { ItemSnapshot($0) } }
    }

    func didUpdate(_ updatedItems: [any FileProviderItem]) {
        state.withLock { $0.items += updatedItems.map { ItemSnapshot($0) } }
    }

    func didDeleteItems(withIdentifiers deletedItemIdentifiers: [ItemIdentifier]) {
        state.withLock { $0.deleted += deletedItemIdentifiers }
    }

    func finishEnumerating(upTo nextPage: Page?) {
        record(.page(nextPage))
    }

    func finishEnumeratingChanges(upTo anchor: SyncAnchor, moreComing: Bool) {
        record(.changes(anchor, moreComing: moreComing))
    }

    func finishEnumeratingWithError(_ error: any Error) {
        record(.error(error))
    }

    private func record(_ finish: Finish) {
        state.withLock { state in
            if state.finish == nil { state.finish = finish }
        }
    }
}
