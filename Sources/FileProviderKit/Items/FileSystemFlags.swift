/// The POSIX permission bits and hidden flags of an item. Bit values are Apple's.
public struct FileSystemFlags: OptionSet, Hashable, Codable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt

    /// Creates a set from its bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The owner may execute the file (or traverse the folder).
    public static let userExecutable = FileSystemFlags(rawValue: 1 << 0)
    /// The owner may read the item.
    public static let userReadable = FileSystemFlags(rawValue: 1 << 1)
    /// The owner may write the item.
    public static let userWritable = FileSystemFlags(rawValue: 1 << 2)
    /// The item is hidden.
    public static let hidden = FileSystemFlags(rawValue: 1 << 3)
    /// The item's filename extension is hidden.
    public static let pathExtensionHidden = FileSystemFlags(rawValue: 1 << 4)
}
