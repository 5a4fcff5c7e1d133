import FileProviderBackendSupport
import FileProviderKit

extension StoreState {
    /// One batch of changes from an anchor's position.
    struct ChangeBatch {
        var updated: [any FileProviderItem] = []
        var deleted: [ItemIdentifier] = []
        var position: UInt64
        var marker: ItemIdentifier?
        var moreComing = false

        var count: Int { updated.count + deleted.count }
    }

    /// Whether an anchor's position can be honoured: every entry from it on is retained.
    func isRetained(_ position: UInt64) -> Bool {
        position >= log.firstRetainedRank && position <= log.nextRank
    }

    /// The changes from change-log rank `position` on, at most `limit` of them.
    ///
    /// Each entry is reported only if it is its item's latest (an item's metadata revision is the
    /// rank of its latest entry), so changes coalesce per item and an item reports its current
    /// state once; a deletion is always an item's last entry. The exception is a pinned entry —
    /// one a deletion followed before the item changed again — which reports the item's latest
    /// state too, or its last state before its own deletion: an item that left a folder is thus
    /// reported before the folder's deletion, so a consumer that deletes a folder with its
    /// contents loses nothing, not even what the item held then and left later. Before an item,
    /// its ancestors that have later entries (or were deleted later) — so may be unknown to the
    /// consumer, having been created after the anchor — are reported first, top down: parents
    /// always precede their children, in a batch and across batches. When those ancestors do not
    /// fit in an empty batch, the batch delivers the first of them and `marker` remembers the
    /// last one delivered. An item whose tombstone the same batch holds is reported deleted only.
    ///
    /// Cost: O(entries scanned + items reported), each entry and each ancestor costing O(1) (the
    /// change log holds the latest state of every item it names, so nothing is looked up in the
    /// item index); the entries scanned are at most the changes since the anchor, each scanned
    /// once across the whole catch-up.
    func changes(from position: UInt64, marker: ItemIdentifier?, limit: Int) -> ChangeBatch {
        var batch = ChangeBatch(position: position, marker: marker)
        batch.updated.reserveCapacity(min(limit, Int(clamping: log.nextRank - position)))
        // The items reported in the batch: an ancestor reported ahead of its own entry, or an
        // item reported at a pinned entry, is not reported again at its latest entry.
        var emitted: Set<ItemIdentifier> = []
        while batch.position < log.nextRank, batch.count < limit, let entry = log.entry(at: batch.position) {
            if entry.isDeletion {
                batch.deleted.append(entry.identifier)
                batch.position += 1
                batch.marker = nil
                continue
            }
            guard let item = log.reportedItem(entry) else {
                batch.position += 1
                batch.marker = nil
                continue
            }
            let ancestors = log.ancestors(of: item, after: batch.position)
            if ancestors.isEmpty, batch.marker == nil {
                if emitted.insert(item.itemIdentifier).inserted { batch.updated.append(item) }
                batch.position += 1
                continue
            }
            var chain = ancestors + [item]
            if let marker = batch.marker, let index = chain.firstIndex(where: { $0.itemIdentifier == marker }) {
                chain.removeFirst(index + 1)
            }
            chain.removeAll { emitted.contains($0.itemIdentifier) }
            let room = limit - batch.count
            if chain.count <= room {
                for item in chain {
                    batch.updated.append(item)
                    emitted.insert(item.itemIdentifier)
                }
                batch.position += 1
                batch.marker = nil
            } else {
                if batch.count == 0 {
                    for item in chain.prefix(room) { batch.updated.append(item) }
                    batch.marker = chain[room - 1].itemIdentifier
                }
                break
            }
        }
        ChangeHistory.removeDeleted(from: &batch.updated, batch.deleted) { $0.itemIdentifier }
        batch.moreComing = batch.position < log.nextRank
        return batch
    }
}
