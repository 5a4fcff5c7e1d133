import FileProviderKit

/// The fake provider's enumerator: it holds no state, so a fresh one continues any anchor.
struct FakeEnumerator: Enumerator {
    let provider: FakeProvider
    let container: ItemIdentifier

    func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async {
        do {
            let (items, next) = try await provider.listing(of: container, from: page, size: observer.suggestedPageSize)
            observer.didEnumerate(items)
            observer.finishEnumerating(upTo: next)
        } catch {
            observer.finishEnumeratingWithError(error)
        }
    }

    func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        do {
            let batch = try await provider.changes(from: anchor, size: observer.suggestedBatchSize)
            if !batch.updatedItems.isEmpty { observer.didUpdate(batch.updatedItems) }
            if !batch.deletedItemIdentifiers.isEmpty {
                observer.didDeleteItems(withIdentifiers: batch.deletedItemIdentifiers)
            }
            observer.finishEnumeratingChanges(upTo: batch.anchor, moreComing: batch.moreComing)
        } catch {
            observer.finishEnumeratingWithError(error)
        }
    }

    func currentSyncAnchor() async throws -> SyncAnchor? {
        if container == .workingSet, provider.withholdsWorkingSetAnchor { return nil }
        return try provider.currentAnchor()
    }
}
