import FileProviderKit

/// Lists a container of a ``LocalFolderProvider`` and reports the domain's changes.
///
/// It holds no state of its own: its pages and anchors carry everything, so any enumerator — of
/// this provider or of a new one opened over the same folders after a restart — continues from
/// them. Every enumerator, whatever its container, reports every change of the domain, as the
/// working set's does.
public struct LocalFolderEnumerator: Enumerator {
    /// The provider whose items it lists.
    public let provider: LocalFolderProvider
    /// The container it lists: a folder, the root, the trash or the working set.
    public let container: ItemIdentifier

    /// Reports one page of at most the suggested size (at least one item unless the listing is
    /// over) and finishes it with the next page, `nil` at the end, or an error: `pageExpired`,
    /// `noSuchItem` when the container is gone, `CancellationError`.
    public func enumerateItems(for observer: any EnumerationObserver, startingAt page: Page) async {
        do {
            let (items, next) = try await provider.page(
                of: container,
                startingAt: page,
                limit: max(1, observer.suggestedPageSize)
            )
            if !items.isEmpty { observer.didEnumerate(items) }
            observer.finishEnumerating(upTo: next)
        } catch {
            observer.finishEnumeratingWithError(error)
        }
    }

    /// Reports one batch of the changes since `anchor` and finishes it with the next anchor, or
    /// with `syncAnchorExpired` for an anchor the provider cannot continue from.
    public func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        do {
            let batch = try await provider.changes(since: anchor, limit: max(1, observer.suggestedBatchSize))
            if !batch.updated.isEmpty { observer.didUpdate(batch.updated) }
            if !batch.deleted.isEmpty { observer.didDeleteItems(withIdentifiers: batch.deleted) }
            observer.finishEnumeratingChanges(upTo: batch.anchor, moreComing: batch.moreComing)
        } catch {
            observer.finishEnumeratingWithError(error)
        }
    }

    /// The anchor of the latest change; with no change after it, the changes since it are empty.
    public func currentSyncAnchor() async throws -> SyncAnchor? {
        try await provider.currentAnchor()
    }
}
