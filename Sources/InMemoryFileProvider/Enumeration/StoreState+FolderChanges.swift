import FileProviderKit

extension StoreState {
    /// One batch of the changes of `folder`'s direct children from change-log rank `position` on,
    /// at most `limit` of them: what a folder's (the root's, the trash's) change enumeration
    /// reports.
    ///
    /// A child created, edited or renamed in the folder, or moved into it, is reported at its
    /// latest entry, as an update carrying its current state. A child that left the folder —
    /// moved out, trashed, restored elsewhere, or deleted — is reported as a deletion, unless it
    /// is back in the folder now. Nothing else is: the changes of other folders, of deeper
    /// descendants, and of the folder itself belong to other enumerators (the working set reports
    /// them all). No identifier is both updated and deleted in one batch, since both follow from
    /// the item's current state.
    ///
    /// Cost: O(entries scanned + changes reported), each entry O(1); the entries scanned are at
    /// most the changes of the domain since the anchor, each scanned once across the catch-up,
    /// never the folder's items.
    func folderChanges(of folder: ItemIdentifier, from position: UInt64, limit: Int) -> ChangeBatch {
        var batch = ChangeBatch(position: position, marker: nil)
        var reported: Set<ItemIdentifier> = []
        while batch.position < log.nextRank, batch.count < limit, let entry = log.entry(at: batch.position) {
            batch.position += 1
            let identifier = entry.identifier
            if entry.isDeletion {
                if entry.formerParent == folder, reported.insert(identifier).inserted {
                    batch.deleted.append(identifier)
                }
                continue
            }
            if entry.formerParent == folder, log.latestItem(of: identifier)?.parentItemIdentifier != folder {
                if reported.insert(identifier).inserted { batch.deleted.append(identifier) }
            } else if let item = entry.item, item.parentItemIdentifier == folder, reported.insert(identifier).inserted {
                batch.updated.append(item)
            }
        }
        batch.moreComing = batch.position < log.nextRank
        return batch
    }
}
