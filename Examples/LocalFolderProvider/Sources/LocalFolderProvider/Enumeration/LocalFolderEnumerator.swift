import FileProviderKit

/// Lists a container of a ``LocalFolderProvider``; the working set's enumerator also reports the
/// domain's changes.
///
/// It holds no state of its own: its pages and anchors carry everything, so any enumerator — of
/// this provider or of a new one opened over the same folders after a restart — continues from
/// them. Only the working set's enumerator reports changes, every change of the domain; a
/// folder's (the root's, the trash's) does not, as Apple's replicated model allows: its
/// ``currentSyncAnchor()`` is `nil` and ``enumerateChanges(for:from:)`` fails with
/// `featureUnsupported`, so a consumer re-lists the folder, and the working set carries its
/// changes. A folder's change feed would need the container each change left, which the
/// provider's journal does not keep.
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

    /// Reports one batch of the domain's changes since `anchor` and finishes it with the next
    /// anchor, or with `syncAnchorExpired` for an anchor the provider cannot continue from. Any
    /// container but the working set finishes with `featureUnsupported`: folders report no
    /// changes.
    public func enumerateChanges(for observer: any ChangeObserver, from anchor: SyncAnchor) async {
        guard container == .workingSet else {
            observer.finishEnumeratingWithError(
                FileProviderError(.featureUnsupported, message: "Only the working set reports changes.")
            )
            return
        }
        do {
            let batch = try await provider.changes(since: anchor, limit: max(1, observer.suggestedBatchSize))
            if !batch.updated.isEmpty { observer.didUpdate(batch.updated) }
            if !batch.deleted.isEmpty { observer.didDeleteItems(withIdentifiers: batch.deleted) }
            observer.finishEnumeratingChanges(upTo: batch.anchor, moreComing: batch.moreComing)
        } catch {
            observer.finishEnumeratingWithError(error)
        }
    }

    /// The working set's anchor of the latest change (with no change after it, the changes since
    /// it are empty); `nil` for any other container, whose enumerator reports no changes.
    public func currentSyncAnchor() async throws -> SyncAnchor? {
        guard container == .workingSet else { return nil }
        return try await provider.currentAnchor()
    }
}
