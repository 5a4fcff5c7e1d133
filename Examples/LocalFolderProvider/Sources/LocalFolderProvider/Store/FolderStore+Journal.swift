import FileProviderKit

/// How the state changes: through the journal, so that the state in memory is always what
/// replaying the journal gives — after a failed write as after a restart.
extension FolderStore {
    /// Journals a write's intent — `intent`, the transaction as it will be once the disk changed —
    /// then makes the change with `change`, then marks the intent made in the journal (a line of its
    /// counters, so that only an intent a crash cut short is ever the journal's last line) and
    /// applies the transaction.
    ///
    /// `change` makes the disk change and returns `true`; it returns `false` or throws only when
    /// it leaves the disk as it was (undoing its own first steps when a later one fails). Then the
    /// intent is abandoned in the journal and the state stays as it was.
    ///
    /// - Returns: what `change` returned.
    /// - Throws: what journaling the intent or `change` throws, with nothing changed.
    func perform(_ intent: Transaction, change: () throws -> Bool) throws -> Bool {
        guard !intent.isEmpty else { return try change() }
        var intent = intent
        intent.isIntent = true
        try journal(intent)
        let made: Bool
        do {
            made = try change()
        } catch {
            stateFolder.abandon(intent)
            throw error
        }
        guard made else {
            stateFolder.abandon(intent)
            return false
        }
        stateFolder.markMade(intent)
        apply(intent)
        return true
    }

    /// Journals a transaction that records what is already on disk (a rescan's), then applies it.
    /// Once this returns, the change is acknowledged and survives a crash; when it throws, the
    /// state is as it was (the next rescan finds the same changes again).
    func commit(_ transaction: Transaction) throws {
        guard !transaction.isEmpty else { return }
        try journal(transaction)
        apply(transaction)
    }

    /// A transaction carrying the state's current counters.
    func transaction(records: [ItemRecord] = [], removals: [Transaction.Removal] = []) -> Transaction {
        Transaction(records: records, removals: removals, lastRank: state.lastRank, nextSerial: state.nextSerial)
    }

    /// Writes `transaction` to the journal and flushes it: the "write the journal" request.
    private func journal(_ transaction: Transaction) throws {
        try request("write the journal")
        try stateFolder.append(transaction)
    }

    /// Applies a journaled transaction to the state, folds the journal into a snapshot when it
    /// is long, and watches the folders it adds.
    func apply(_ transaction: Transaction) {
        state.apply(transaction)
        if stateFolder.wantsCompaction { try? stateFolder.compact(state) }
        if let watcher {
            for removal in transaction.removals { watcher.unwatch(removal.identifier) }
            for record in transaction.records where record.isFolder && !watcher.isWatching(record.identifier) {
                if let folder = folder(ofContainer: record.identifier) { watcher.watch(folder, as: record.identifier) }
            }
        }
    }
}
