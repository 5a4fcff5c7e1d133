import FileProviderKit

extension FolderStore {
    /// The anchor of the latest change.
    func currentAnchor() throws -> SyncAnchor {
        try AnchorToken(epoch: state.epoch, updateRank: state.lastRank, deletionRank: state.lastRank).anchor
    }

    /// One batch of the changes after `anchor`: at most `limit` updates and deletions together,
    /// each item in its latest state. Every pending update comes before any pending deletion,
    /// updates in the order of their latest change with parents before their children within the
    /// batch, so an item that left a folder is reported before the folder's deletion and a
    /// consumer that deletes a folder with its contents loses nothing. With `moreComing`, the
    /// returned anchor carries both cursors, so any instance continues from it.
    ///
    /// - Throws: `syncAnchorExpired` for an anchor of another store or epoch, one ahead of the
    ///   store, or one older than the deletions it still remembers.
    func changes(
        since anchor: SyncAnchor,
        limit: Int
    ) throws -> (updated: [ItemSnapshot], deleted: [ItemIdentifier], anchor: SyncAnchor, moreComing: Bool) {
        guard let token = AnchorToken(anchor), token.epoch == state.epoch, token.updateRank <= state.lastRank,
            token.deletionRank <= token.updateRank, token.deletionRank >= state.historyFloor
        else {
            throw FileProviderError(.syncAnchorExpired, message: "The anchor is not one this folder can continue from.")
        }
        let updates = state.records(changedAfter: token.updateRank)
        let batchUpdates = updates.prefix(limit)
        var next = AnchorToken(epoch: state.epoch, updateRank: state.lastRank, deletionRank: token.deletionRank)
        var deleted: [ItemIdentifier] = []
        var moreComing = false
        if batchUpdates.count < updates.count {
            next.updateRank = batchUpdates.last?.metadataRevision ?? token.updateRank
            moreComing = true
        } else {
            let deletions = state.tombstones.filter { $0.value > token.deletionRank }.sorted { $0.value < $1.value }
            let batchDeletions = deletions.prefix(limit - batchUpdates.count)
            deleted = batchDeletions.map(\.key)
            moreComing = batchDeletions.count < deletions.count
            next.deletionRank = moreComing ? (batchDeletions.last?.value ?? token.deletionRank) : state.lastRank
        }
        let updated = batchUpdates.sorted { state.depth(of: $0.identifier) < state.depth(of: $1.identifier) }
        return (updated.map(\.snapshot), deleted, try next.anchor, moreComing)
    }
}
