/// The listings of open directories, taken when a directory is opened so that `readdir` pages
/// through one consistent listing by offset.
struct DirectoryListings: Sendable {
    private var listings: [UInt64: [DirectoryEntry]] = [:]
    private var lastHandle: UInt64 = 0

    /// Keeps `entries` and returns the handle of the open directory.
    mutating func add(_ entries: [DirectoryEntry]) -> UInt64 {
        lastHandle += 1
        listings[lastHandle] = entries
        return lastHandle
    }

    /// The entries of an open directory.
    func entries(_ handle: UInt64) -> [DirectoryEntry]? {
        listings[handle]
    }

    /// Forgets an open directory.
    mutating func remove(_ handle: UInt64) {
        listings[handle] = nil
    }
}
