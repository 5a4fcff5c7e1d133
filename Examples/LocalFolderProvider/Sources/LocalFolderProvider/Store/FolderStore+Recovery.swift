import FileProviderKit

/// Settling, at start, the write a crash cut short: the journal's last line is its intent, and
/// the disk says how far it got.
extension FolderStore {
    /// Keeps `intent` when its disk change was made, and otherwise undoes the part that was made
    /// and abandons it in the journal, so the write is whole or absent — never half.
    ///
    /// The change was made when every record of the intent is on disk where the intent puts it
    /// (the same file or folder, by device and inode: a write's last step is always a `rename` or
    /// `link` that puts an entry in place) and no item it removes is still in its place. The only
    /// part of a write that can be made without its last step is a move, followed by new content
    /// or a conflict copy that had not come yet; undoing it moves the item back. Runs before any
    /// other line is journaled, with the staging folder already emptied.
    ///
    /// - Throws: `cannotSynchronize` when the journal cannot be written.
    func finish(_ intent: Transaction) throws {
        if isMade(intent) {
            apply(intent)
            return
        }
        for record in intent.records {
            if let previous = state.records[record.identifier] { moveBack(previous, from: record) }
        }
        try stateFolder.append(.abandoning(intent))
    }

    /// Whether the disk holds every record of `intent` where it puts it, and none of the items it
    /// removes where they were.
    private func isMade(_ intent: Transaction) -> Bool {
        let placed = intent.records.allSatisfy { record in
            folder(ofContainer: record.parent)?.fingerprint(of: record.diskName)?.identity == record.disk.identity
        }
        let removed = intent.removals.allSatisfy { removal in
            guard let record = state.records[removal.identifier] else { return true }
            return folder(ofContainer: record.parent).map { $0.matches(record) } != true
        }
        return placed && removed
    }

    /// Moves `previous`'s entry back to its place when it is at `moved`'s place (moved, its new
    /// content not yet in), and its place is free. Anything else is left to the rescan that
    /// follows.
    private func moveBack(_ previous: ItemRecord, from moved: ItemRecord) {
        guard moved.parent != previous.parent || moved.diskName != previous.diskName,
            let from = folder(ofContainer: moved.parent), let to = folder(ofContainer: previous.parent),
            from.fingerprint(of: moved.diskName)?.identity == previous.disk.identity,
            to.fingerprint(of: previous.diskName) == nil,
            (try? from.rename(moved.diskName, to: to, as: previous.diskName)) != nil
        else { return }
        try? to.sync()
        if to !== from { try? from.sync() }
    }
}
