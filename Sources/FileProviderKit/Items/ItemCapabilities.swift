/// What the user may do with an item. Capabilities gate the user interface only: a provider still
/// receives — and must handle sensibly — operations its capabilities do not allow. They apply to
/// the item alone and are not inherited by its children. Bit values are Apple's.
public struct ItemCapabilities: OptionSet, Hashable, Codable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt

    /// Creates a set from its bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The item's content can be read; on a folder, its children can be listed.
    public static let allowsReading = ItemCapabilities(rawValue: 1 << 0)
    /// The item's content can be written; on a folder, children can be added.
    public static let allowsWriting = ItemCapabilities(rawValue: 1 << 1)
    /// The item can be moved to another folder.
    public static let allowsReparenting = ItemCapabilities(rawValue: 1 << 2)
    /// The item can be renamed.
    public static let allowsRenaming = ItemCapabilities(rawValue: 1 << 3)
    /// The item can be moved to the trash.
    public static let allowsTrashing = ItemCapabilities(rawValue: 1 << 4)
    /// The item can be deleted.
    public static let allowsDeleting = ItemCapabilities(rawValue: 1 << 5)
    /// The item's local copy can be evicted (Apple deprecates it in favour of ``ContentPolicy``).
    public static let allowsEvicting = ItemCapabilities(rawValue: 1 << 6)
    /// The item can be excluded from synchronization.
    public static let allowsExcludingFromSync = ItemCapabilities(rawValue: 1 << 7)
    /// On a folder: children can be added. The same bit as ``allowsWriting``.
    public static let allowsAddingSubItems = allowsWriting
    /// On a folder: children can be listed. The same bit as ``allowsReading``.
    public static let allowsContentEnumerating = allowsReading
    /// The default capabilities of an item (``FileProviderItem/capabilities``, ``ItemSnapshot``):
    /// reading, writing, reparenting, renaming, trashing and deleting (raw value 63), each named.
    ///
    /// Apple deprecates `allowsAll` because the name promises every capability and the set does
    /// not hold them all; its guidance is to name each capability the item has. This set names the
    /// six that make an ordinary synchronized item usable. Evicting (``allowsEvicting``, itself
    /// replaced by ``ContentPolicy``) and excluding from sync (``allowsExcludingFromSync``) are
    /// opt-in: add them where the provider supports them.
    public static let defaultCapabilities: ItemCapabilities = [
        .allowsReading, .allowsWriting, .allowsReparenting, .allowsRenaming, .allowsTrashing, .allowsDeleting,
    ]

    /// Reading, writing, reparenting, renaming, trashing and deleting (63); not evicting or
    /// excluding from sync, despite the name. Deprecated as Apple's is: use
    /// ``defaultCapabilities``, or name each capability.
    @available(
        *,
        deprecated,
        message: "allowsAll does not contain all capabilities: use defaultCapabilities or name each capability"
    )
    public static let allowsAll: ItemCapabilities = defaultCapabilities
}
