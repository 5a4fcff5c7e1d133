import FileProviderKit

extension FolderStore {
    /// Forgets the change history recorded so far, durably: every anchor with changes after it
    /// expires; the epoch, the items and the pages stay valid.
    ///
    /// - Throws: `cannotSynchronize` when the state cannot be written.
    func expireHistory() throws {
        var expired = state
        expired.historyFloor = expired.lastRank
        expired.tombstones = [:]
        try stateFolder.compact(expired)
        state = expired
    }

    /// Starts a new store epoch, durably, as a state restored from a backup would: every page and
    /// anchor handed out before expires; the items stay.
    ///
    /// - Throws: `cannotSynchronize` when the state cannot be written.
    func resetEpoch() throws {
        var reset = state
        repeat {
            reset.epoch = UInt64.random(in: 1...UInt64.max)
        } while reset.epoch == state.epoch
        reset.historyFloor = reset.lastRank
        reset.tombstones = [:]
        try stateFolder.compact(reset)
        state = reset
    }
}
