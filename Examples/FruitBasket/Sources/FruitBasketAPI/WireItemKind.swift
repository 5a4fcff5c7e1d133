/// What an item is: the server never changes an item's kind.
public enum WireItemKind: String, Codable, Sendable, CaseIterable {
    /// A regular file with content.
    case file
    /// A folder: it has children and no content.
    case folder
    /// A symbolic link: its content is ``WireItem/symlinkTarget``.
    case symlink
}
