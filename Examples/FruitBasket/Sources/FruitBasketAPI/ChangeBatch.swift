/// One batch of the change feed: `GET /v1/changes?cursor=…&limit=N`.
///
/// The feed holds every change after the cursor: each item changed since, once, in its latest
/// state, and each item deleted since, once. An identifier is never in both lists. Updates come
/// before deletions across batches (an item that left a folder is reported before the folder's
/// deletion), and within a batch a folder comes before its children. `limit` (1 to 1,000,
/// default 200) bounds the updates and deletions together.
///
/// Errors: ``APIErrorCode/cursorExpired`` (410) for a cursor of another store epoch, one ahead of
/// the server, or one older than the deletions the server still remembers: the client must list
/// everything again.
public struct ChangeBatch: Codable, Sendable, Hashable {
    /// The items changed since the cursor, in their current state.
    public var updated: [WireItem]
    /// The identifiers of the items deleted since the cursor.
    public var deleted: [String]
    /// Where the next batch starts.
    public var cursor: String
    /// Whether more changes are ready from ``cursor`` (then it differs from the one sent).
    public var moreComing: Bool

    /// Creates a batch.
    public init(updated: [WireItem], deleted: [String], cursor: String, moreComing: Bool) {
        self.updated = updated
        self.deleted = deleted
        self.cursor = cursor
        self.moreComing = moreComing
    }
}
