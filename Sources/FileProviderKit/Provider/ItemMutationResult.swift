/// What a provider returns from a successful create or modify.
public struct ItemMutationResult: Sendable {
    /// The item as the provider now stores it, with the provider's identifier and version. Where
    /// it differs from what the caller sent in a field not listed in ``stillPendingFields``, the
    /// provider's value wins.
    public var item: any FileProviderItem
    /// Fields the provider did not apply yet; the caller sends them again in a later modify.
    /// Returning exactly the fields that were asked for marks them unsupported for this item.
    public var stillPendingFields: ItemFields
    /// Whether the caller should fetch the content again because the provider kept content
    /// different from what it was sent (for example after a conflict).
    public var shouldFetchContent: Bool

    /// Creates a result.
    public init(item: any FileProviderItem, stillPendingFields: ItemFields = [], shouldFetchContent: Bool = false) {
        self.item = item
        self.stillPendingFields = stillPendingFields
        self.shouldFetchContent = shouldFetchContent
    }
}
