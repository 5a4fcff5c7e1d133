import FileProviderKit

extension LocalFolderProvider {
    /// Makes the `number`-th disk request of the provider's writes, counted from now (from 1),
    /// fail once with `cannotSynchronize`, as a failed file-system call would; `nil` disarms a
    /// failure that has not fired. For tests of atomicity: the conformance suite's
    /// `ProviderFixture.failRequest` hook.
    ///
    /// The requests, in order: a creation stages a file's content, places the file (or makes the
    /// folder), and writes the journal; a modification stages new content, moves the item (a
    /// rename or move, journaled at once when new content follows), replaces the content, and
    /// writes the journal; a deletion moves the item out of the root and writes the journal.
    /// Whichever fails, the call changes all or nothing: a move whose later request failed is
    /// moved back, and a change on disk whose journal write failed stands — the provider's state
    /// follows the disk, and after a restart the rescan finds the change there.
    ///
    /// - Throws: `cannotSynchronize` when the provider was invalidated.
    public func failRequest(_ number: Int?) throws {
        try open().failingRequest = number
    }
}
