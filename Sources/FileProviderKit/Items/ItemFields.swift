/// The fields of an item that a create or modify call defines or changes. Bit values are Apple's.
///
/// There is no field for the content type, capabilities, user info or symbolic-link target: a
/// symbolic link's new target arrives as ``contents``.
public struct ItemFields: OptionSet, Hashable, Codable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt

    /// Creates a set from its bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The content (or, for a symbolic link, its target).
    public static let contents = ItemFields(rawValue: 1 << 0)
    /// ``FileProviderItem/filename``.
    public static let filename = ItemFields(rawValue: 1 << 1)
    /// ``FileProviderItem/parentItemIdentifier``: a move, a trash or a restore.
    public static let parentItemIdentifier = ItemFields(rawValue: 1 << 2)
    /// ``FileProviderItem/lastUsedDate``.
    public static let lastUsedDate = ItemFields(rawValue: 1 << 3)
    /// ``FileProviderItem/tagData``.
    public static let tagData = ItemFields(rawValue: 1 << 4)
    /// ``FileProviderItem/favoriteRank``.
    public static let favoriteRank = ItemFields(rawValue: 1 << 5)
    /// ``FileProviderItem/creationDate``.
    public static let creationDate = ItemFields(rawValue: 1 << 6)
    /// ``FileProviderItem/contentModificationDate``.
    public static let contentModificationDate = ItemFields(rawValue: 1 << 7)
    /// ``FileProviderItem/fileSystemFlags``.
    public static let fileSystemFlags = ItemFields(rawValue: 1 << 8)
    /// ``FileProviderItem/extendedAttributes``.
    public static let extendedAttributes = ItemFields(rawValue: 1 << 9)
    /// ``FileProviderItem/typeAndCreator``.
    public static let typeAndCreator = ItemFields(rawValue: 1 << 10)

    /// Every field above (not an Apple constant; a convenience for hosts and tests).
    public static let all: ItemFields = [
        .contents, .filename, .parentItemIdentifier, .lastUsedDate, .tagData, .favoriteRank, .creationDate,
        .contentModificationDate, .fileSystemFlags, .extendedAttributes, .typeAndCreator,
    ]

    /// Every field except ``contents``: the metadata fields.
    public static let metadata: ItemFields = all.subtracting(.contents)
}
