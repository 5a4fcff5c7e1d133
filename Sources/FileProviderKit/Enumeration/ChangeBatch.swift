/// One batch of changes: what a ``ThrowingEnumerator`` returns, and what a consumer receives from a
/// single call to ``Enumerator/enumerateChanges(for:from:)``.
public struct ChangeBatch: Sendable {
    /// Created or updated items, in the order the provider reported them.
    public var updatedItems: [any FileProviderItem]
    /// Deleted identifiers, in the order the provider reported them.
    public var deletedItemIdentifiers: [ItemIdentifier]
    /// Where the next batch starts.
    public var anchor: SyncAnchor
    /// Whether more changes are ready to be enumerated from ``anchor`` right away.
    public var moreComing: Bool

    /// Creates a batch.
    public init(
        updatedItems: [any FileProviderItem],
        deletedItemIdentifiers: [ItemIdentifier],
        anchor: SyncAnchor,
        moreComing: Bool
    ) {
        self.updatedItems = updatedItems
        self.deletedItemIdentifiers = deletedItemIdentifiers
        self.anchor = anchor
        self.moreComing = moreComing
    }
}
