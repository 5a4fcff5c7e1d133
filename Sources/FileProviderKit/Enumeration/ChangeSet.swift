/// Every change since an anchor, coalesced across batches: the value
/// ``Enumerator/changes(since:suggestedBatchSize:)`` returns.
///
/// Each identifier appears at most once, either in ``updatedItems`` with its latest reported state
/// or in ``deletedItemIdentifiers``, according to the last batch that mentioned it. Updated items
/// keep the position of their first report, so parents stay before their children.
public struct ChangeSet: Sendable {
    /// Created or updated items, each with its latest reported state.
    public var updatedItems: [ItemSnapshot]
    /// Deleted identifiers.
    public var deletedItemIdentifiers: [ItemIdentifier]
    /// The anchor to ask from next time.
    public var anchor: SyncAnchor
    /// How many batches the catch-up took.
    public var batchCount: Int

    /// Creates a change set.
    public init(
        updatedItems: [ItemSnapshot],
        deletedItemIdentifiers: [ItemIdentifier],
        anchor: SyncAnchor,
        batchCount: Int
    ) {
        self.updatedItems = updatedItems
        self.deletedItemIdentifiers = deletedItemIdentifiers
        self.anchor = anchor
        self.batchCount = batchCount
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { updatedItems.isEmpty && deletedItemIdentifiers.isEmpty }
}
