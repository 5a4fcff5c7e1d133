/// One page of a listing: what a ``ThrowingEnumerator`` returns, and what a consumer receives.
public struct ItemPage: Sendable {
    /// The page's items, in the order the provider reported them.
    public var items: [any FileProviderItem]
    /// Where the listing continues, or `nil` when this was the last page.
    public var nextPage: Page?

    /// Creates a page.
    public init(items: [any FileProviderItem], nextPage: Page?) {
        self.items = items
        self.nextPage = nextPage
    }
}
