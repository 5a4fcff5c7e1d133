import FileProviderKit

extension FolderStore {
    /// The anchor of the latest change.
    func currentAnchor() throws -> SyncAnchor {
        try AnchorToken(epoch: state.epoch, rank: state.lastRank).anchor
    }

    /// One batch of the changes after `anchor`: at most `limit` updates and deletions together, in
    /// the order they happened, each item in its latest state; within the batch, parents come
    /// before their children. With `moreComing`, the returned anchor is the rank of the batch's
    /// last change, so any instance continues from it.
    ///
    /// - Throws: `syncAnchorExpired` for an anchor of another store or epoch, one ahead of the
    ///   store, or one older than the deletions it still remembers.
    func changes(
        since anchor: SyncAnchor,
        limit: Int
    ) throws -> (updated: [ItemSnapshot], deleted: [ItemIdentifier], anchor: SyncAnchor, moreComing: Bool) {
        guard let token = AnchorToken(anchor), token.epoch == state.epoch, token.rank <= state.lastRank,
            token.rank >= state.historyFloor
        else {
            throw FileProviderError(.syncAnchorExpired, message: "The anchor is not one this folder can continue from.")
        }
        let updates = state.records.values.filter { $0.metadataRevision > token.rank }
            .map { (rank: $0.metadataRevision, update: Optional($0), deletion: ItemIdentifier?.none) }
        let deletions = state.tombstones.filter { $0.value > token.rank }
            .map { (rank: $0.value, update: ItemRecord?.none, deletion: Optional($0.key)) }
        let pending = (updates + deletions).sorted { $0.rank < $1.rank }
        let batch = pending.prefix(limit)
        let moreComing = pending.count > limit
        let rank = moreComing ? (batch.last?.rank ?? token.rank) : state.lastRank
        let updated = batch.compactMap(\.update).sorted {
            state.depth(of: $0.identifier) < state.depth(of: $1.identifier)
        }
        return (
            updated.map(\.snapshot),
            batch.compactMap(\.deletion),
            try AnchorToken(epoch: state.epoch, rank: rank).anchor,
            moreComing
        )
    }
}
