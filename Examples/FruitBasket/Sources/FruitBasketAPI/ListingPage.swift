/// One page of a listing: `GET /v1/folders/{id}/children?order=name|date&cursor=…&limit=N` for a
/// folder, the root (`root`) or the trash (`trash`); `GET /v1/items?cursor=…&limit=N` for every
/// item the account holds (trashed ones included), by identifier.
///
/// Pages are keyset pages: the cursor holds the key of the page's last item, so a page costs
/// O(log n + limit) and a listing stays complete while items are added or removed (an item
/// changed during the listing is listed once, and its change is in the change feed). `limit`
/// is 1 to 1,000 (default 200).
///
/// Errors: ``APIErrorCode/noSuchItem`` (404) when the folder does not exist;
/// ``APIErrorCode/cursorExpired`` (410) for a cursor of another store epoch, another folder or
/// order, or one that is not the server's.
public struct ListingPage: Codable, Sendable, Hashable {
    /// The items of the page, at most `limit`; at least one unless ``next`` is `nil`.
    public var items: [WireItem]
    /// The cursor of the next page, or `nil` when the listing is complete.
    public var next: String?

    /// Creates a page.
    public init(items: [WireItem], next: String?) {
        self.items = items
        self.next = next
    }
}
