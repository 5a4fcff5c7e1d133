/// Options of ``FileProvider/createItem(basedOn:fields:contents:options:request:)``. Bit values
/// are Apple's.
public struct CreateItemOptions: OptionSet, Hashable, Codable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt

    /// Creates a set from its bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The item may already exist on the server (an import, a restore from backup, a merge): the
    /// provider returns the matching existing item instead of creating a duplicate.
    public static let mayAlreadyExist = CreateItemOptions(rawValue: 1 << 0)
    /// The system could not apply a deletion the provider asked for because the item was edited
    /// locally; the template carries the deleted item's identifier.
    public static let deletionConflicted = CreateItemOptions(rawValue: 1 << 1)
}
