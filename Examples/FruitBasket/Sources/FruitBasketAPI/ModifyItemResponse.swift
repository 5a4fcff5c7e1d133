/// The answer to a modification: the item as stored, and the conflict copy the server made, if
/// any (see ``ConflictPolicy/keepBoth``).
public struct ModifyItemResponse: Codable, Sendable, Hashable {
    /// The item as stored after the change.
    public var item: WireItem
    /// The sibling holding the content that lost a conflict, or `nil`.
    public var conflictCopy: WireItem?

    /// Creates a response.
    public init(item: WireItem, conflictCopy: WireItem? = nil) {
        self.item = item
        self.conflictCopy = conflictCopy
    }
}
