import FileProviderKit

extension LocalFolderProvider {
    /// Forgets the change history recorded so far, as a provider that keeps only recent history
    /// does: every sync anchor with changes after it then fails with `syncAnchorExpired`, and the
    /// system lists again. Items and pages stay valid.
    ///
    /// - Throws: `cannotSynchronize` when the state cannot be written or the provider was
    ///   invalidated.
    public func expireHistory() throws {
        try open().expireHistory()
    }

    /// Starts a new store epoch, as after restoring the state folder from a backup: every page and
    /// sync anchor handed out before then fails with `pageExpired` / `syncAnchorExpired`, and the
    /// system lists again. Items keep their identifiers.
    ///
    /// - Throws: `cannotSynchronize` when the state cannot be written or the provider was
    ///   invalidated.
    public func resetEpoch() throws {
        try open().resetEpoch()
    }
}
