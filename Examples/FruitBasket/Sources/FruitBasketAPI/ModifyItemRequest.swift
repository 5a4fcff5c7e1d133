/// The body of `PATCH /v1/items/{id}`, sent with `If-Match: <entity tag of the base version>`.
///
/// Every field in ``fields`` is applied in one transaction, the others stay as stored. Answers
/// `200 OK` with a ``ModifyItemResponse``.
///
/// Errors: ``APIErrorCode/noSuchItem`` (404) for the item or a new parent;
/// ``APIErrorCode/nameCollision`` (409); ``APIErrorCode/invalidName`` (400);
/// ``APIErrorCode/invalidMove`` (400) for a folder moved into itself or a descendant;
/// ``APIErrorCode/versionMismatch`` (412) under ``ConflictPolicy/fail``;
/// ``APIErrorCode/reservedItem`` (403) for the root or the trash; ``APIErrorCode/quotaExceeded``
/// (507); ``APIErrorCode/preconditionRequired`` (428) without `If-Match`.
public struct ModifyItemRequest: Codable, Sendable, Hashable {
    /// The item with its new values; only the properties named by ``fields`` are read.
    public var item: WireItem
    /// The properties to change.
    public var fields: [WireField]
    /// The upload holding a file's new content, when ``fields`` contains ``WireField/contents``
    /// (`nil` makes the file empty).
    public var upload: String?
    /// What to do when `If-Match` names an older version.
    public var onConflict: ConflictPolicy

    /// Creates a request.
    public init(item: WireItem, fields: [WireField], upload: String? = nil, onConflict: ConflictPolicy = .keepBoth) {
        self.item = item
        self.fields = fields
        self.upload = upload
        self.onConflict = onConflict
    }
}
