/// The body of `POST /v1/items`: a new item in a folder.
///
/// The server assigns the identifier and both versions (and `modified`, when the request has no
/// date, for files). A file's content is uploaded first (`POST /v1/uploads`) and named by
/// ``upload``; an empty file needs no upload. Answers `201 Created` with the ``WireItem``.
///
/// Errors: ``APIErrorCode/noSuchItem`` (404) when the parent is not a folder;
/// ``APIErrorCode/nameCollision`` (409) carrying the existing sibling; ``APIErrorCode/invalidName``
/// (400); ``APIErrorCode/noSuchUpload`` (400); ``APIErrorCode/quotaExceeded`` (507).
public struct CreateItemRequest: Codable, Sendable, Hashable {
    /// The new item: its `parent`, `name`, `kind` and metadata. `id`, versions, `size` and
    /// `childCount` are ignored and may be left out (see ``WireItem/init(from:)``).
    public var item: WireItem
    /// The upload holding a file's content, or `nil` for an empty file, a folder or a link.
    public var upload: String?
    /// When a sibling with the same name and kind exists (and, for a file, the same content), the
    /// server answers `200 OK` with it instead of a collision. `false` when left out.
    public var mayAlreadyExist: Bool

    /// Creates a request.
    public init(item: WireItem, upload: String? = nil, mayAlreadyExist: Bool = false) {
        self.item = item
        self.upload = upload
        self.mayAlreadyExist = mayAlreadyExist
    }

    /// Decodes a request; `upload` and `mayAlreadyExist` may be left out.
    ///
    /// - Throws: `DecodingError` for a missing `item` or a value of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            item: try container.decode(WireItem.self, forKey: .item),
            upload: try container.decodeIfPresent(String.self, forKey: .upload),
            mayAlreadyExist: try container.decodeIfPresent(Bool.self, forKey: .mayAlreadyExist) ?? false
        )
    }
}
