/// A property of an item that a modification changes; a ``ModifyItemRequest`` lists the ones it
/// changes and leaves the others as stored.
public enum WireField: String, Codable, Sendable, CaseIterable {
    /// The content: ``ModifyItemRequest/upload`` for a file, ``WireItem/symlinkTarget`` for a
    /// symbolic link.
    case contents
    /// ``WireItem/name``.
    case name
    /// ``WireItem/parent``: a move, a trashing (to ``WireIdentifiers/trash``) or a restore.
    case parent
    /// ``WireItem/lastUsed``.
    case lastUsed
    /// ``WireItem/tagData``.
    case tagData
    /// ``WireItem/favoriteRank``.
    case favoriteRank
    /// ``WireItem/created``.
    case created
    /// ``WireItem/modified``.
    case modified
    /// ``WireItem/flags``.
    case flags
    /// ``WireItem/extendedAttributes``.
    case extendedAttributes
    /// ``WireItem/typeCode`` and ``WireItem/creatorCode``.
    case typeAndCreator
}
