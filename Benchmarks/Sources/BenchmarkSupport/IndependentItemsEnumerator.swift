import FileProviderKit

/// An enumerator that forwards to `base` and hands its observers a copy of every item
/// (``ItemSnapshot/init(independentCopyOf:)``).
struct IndependentItemsEnumerator: Enumerator {
    let base: any Enumerator

    func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async {
        await base.enumerateItems(for: CopyingEnumerationObserver(target: observer), startingAt: page)
    }

    func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        await base.enumerateChanges(for: CopyingChangeObserver(target: observer), from: anchor)
    }

    func currentSyncAnchor() async throws -> SyncAnchor? {
        try await base.currentSyncAnchor()
    }

    func invalidate() async {
        await base.invalidate()
    }
}

/// Hands `target` copies of the items it is given.
private struct CopyingEnumerationObserver: EnumerationObserver {
    let target: any EnumerationObserver

    var suggestedPageSize: Int { target.suggestedPageSize }

    func didEnumerate(_ items: [any FileProviderItem]) {
        target.didEnumerate(items.map { ItemSnapshot(independentCopyOf: $0) })
    }

    func finishEnumerating(upTo nextPage: Page?) {
        target.finishEnumerating(upTo: nextPage)
    }

    func finishEnumeratingWithError(_ error: any Error) {
        target.finishEnumeratingWithError(error)
    }
}

/// Hands `target` copies of the updated items it is given.
private struct CopyingChangeObserver: ChangeObserver {
    let target: any ChangeObserver

    var suggestedBatchSize: Int { target.suggestedBatchSize }

    func didUpdate(_ updatedItems: [any FileProviderItem]) {
        target.didUpdate(updatedItems.map { ItemSnapshot(independentCopyOf: $0) })
    }

    func didDeleteItems(withIdentifiers deletedItemIdentifiers: [ItemIdentifier]) {
        target.didDeleteItems(withIdentifiers: deletedItemIdentifiers)
    }

    func finishEnumeratingChanges(upTo anchor: SyncAnchor, moreComing: Bool) {
        target.finishEnumeratingChanges(upTo: anchor, moreComing: moreComing)
    }

    func finishEnumeratingWithError(_ error: any Error) {
        target.finishEnumeratingWithError(error)
    }
}
