/// An item's two version numbers, and their form as an HTTP entity tag.
///
/// A change sent with `If-Match` applies only when the tag names the item's current version; the
/// server otherwise answers `412 Precondition Failed` with ``APIErrorCode/versionMismatch`` and
/// the current item (or, for a modification that asked for it, keeps both contents; see
/// ``ModifyItemRequest/onConflict``).
public struct WireVersion: Hashable, Sendable {
    /// The sequence of the latest change of the content.
    public var content: Int64
    /// The sequence of the latest change of any kind.
    public var metadata: Int64

    /// Creates a version.
    public init(content: Int64, metadata: Int64) {
        self.content = content
        self.metadata = metadata
    }

    /// `"<content>.<metadata>"`, quotes included.
    public var entityTag: String { "\"\(content).\(metadata)\"" }

    /// Parses an entity tag made by ``entityTag``; `nil` for anything else (a weak tag included).
    public init?(entityTag: String) {
        guard entityTag.count >= 2, entityTag.first == "\"", entityTag.last == "\"" else { return nil }
        let parts = entityTag.dropFirst().dropLast().split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let content = Int64(parts[0]), let metadata = Int64(parts[1]), content >= 0,
            metadata >= 0
        else { return nil }
        self.init(content: content, metadata: metadata)
    }
}
