/// Options of ``FileProvider/deleteItem(identifier:baseVersion:options:request:)``. Bit values are
/// Apple's.
public struct DeleteItemOptions: OptionSet, Hashable, Codable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt

    /// Creates a set from its bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Delete a folder together with everything inside it. Without it, deleting a non-empty
    /// folder fails with ``FileProviderError/Code/directoryNotEmpty``.
    public static let recursive = DeleteItemOptions(rawValue: 1 << 0)
}
