import FileProviderKit

extension LocalFolderProvider {
    /// Makes the `number`-th disk request of the provider's writes, counted from now (from 1),
    /// fail once with `cannotSynchronize`, as a failed file-system call would; `nil` disarms a
    /// failure that has not fired. For tests of atomicity: the conformance suite's
    /// `ProviderFixture.failRequest` hook.
    ///
    /// The requests, in order: a file's creation stages its content, writes the journal (the
    /// intent) and places the file; a folder's creation makes the folder and writes the journal;
    /// a modification stages new content, writes the journal (the intent), moves the item (a
    /// rename or move) and replaces the content; a deletion writes the journal (the intent) and
    /// moves the item out of the root. A write that finds the disk changed by another program
    /// first rescans, which writes the journal too. Whichever fails, the call makes no change: a
    /// failed journal write comes before the disk changes (or, for a new folder, removes it
    /// again); a failed disk request moves back an item already moved, and the intent is
    /// abandoned in the journal.
    ///
    /// - Throws: `cannotSynchronize` when the provider was invalidated.
    public func failRequest(_ number: Int?) throws {
        try open().failingRequest = number
    }
}
