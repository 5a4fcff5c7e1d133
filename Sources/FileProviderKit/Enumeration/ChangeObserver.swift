/// Receives the changes since a sync anchor. Implemented by the consumer (the system, a host, the
/// conformance harness); called by the provider's ``Enumerator``.
///
/// The contract a provider meets for every call to ``Enumerator/enumerateChanges(for:from:)``:
/// - It reports updated and created items with ``didUpdate(_:)`` and deleted identifiers with
///   ``didDeleteItems(withIdentifiers:)``, then calls exactly one of
///   ``finishEnumeratingChanges(upTo:moreComing:)`` and ``finishEnumeratingWithError(_:)``,
///   before it returns. Nothing is reported after the finish.
/// - Every change since the anchor is reported: creations, content and metadata edits, renames,
///   moves (an update carrying the new parent, never a deletion and a creation), trashing (an
///   update whose parent is the trash) and deletions, including every descendant of a deleted
///   folder. Reporting a change twice is allowed; missing one is not.
/// - One batch holds at most ``suggestedBatchSize`` updates and deletions together; a parent comes
///   before its children; no identifier is both updated and deleted in one batch.
/// - With `moreComing` true the returned anchor differs from the one asked for, and a fresh
///   enumerator — even of a fresh provider instance — continues from it.
/// - An anchor the provider cannot honour fails with ``FileProviderError/Code/syncAnchorExpired``.
///
/// Observers may be called from any thread; implementations are thread-safe.
public protocol ChangeObserver: Sendable {
    /// The number of changes the consumer wants in one batch; at least 1.
    var suggestedBatchSize: Int { get }

    /// Reports created or updated items, each with its current state.
    func didUpdate(_ updatedItems: [any FileProviderItem])

    /// Reports deleted items. Deleting an identifier the consumer does not know is a no-op.
    func didDeleteItems(withIdentifiers deletedItemIdentifiers: [ItemIdentifier])

    /// Ends the batch. `anchor` is where the next batch starts; `moreComing` is `true` when more
    /// changes are ready to be enumerated from it right away.
    func finishEnumeratingChanges(upTo anchor: SyncAnchor, moreComing: Bool)

    /// Ends the batch with an error: ``FileProviderError/Code/syncAnchorExpired`` when the anchor
    /// cannot be honoured, or any other ``FileProviderError`` or `CancellationError`.
    func finishEnumeratingWithError(_ error: any Error)
}
