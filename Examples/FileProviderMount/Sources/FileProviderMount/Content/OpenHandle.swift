import FileProviderKit

/// One open of a file by a program: a descriptor to read from and, when opened for writing, the
/// item's shared working copy.
struct OpenHandle: Sendable {
    /// The item opened.
    let identifier: ItemIdentifier
    /// The item as it was when opened: its attributes once it is unlinked.
    let item: ItemSnapshot
    /// The descriptor reads use: the working copy's, or a read-only one on the host's cached
    /// content.
    let descriptor: Int32
    /// The working copy writes go to; `nil` for a read-only handle.
    let workingCopy: WorkingCopy?
    /// The content fetched range by range, when the handle reads it so; `nil` otherwise.
    var partial: PartialContent?
}
