import FileProviderKit

/// One entry of a backend listing, as ``ListingDiffer`` and ``ReadYourWrites`` compare them.
public struct ListedObject: Hashable, Sendable, Codable {
    /// The backend's key (an object key, a path).
    public var key: String
    /// What changes when the content does: an ETag, a size and modification time.
    public var tag: String
    /// The item's identifier when the backend keeps it with the object (S3 user metadata, a
    /// WebDAV property, an extended attribute), so a rename made by someone else is recognised.
    public var embeddedIdentifier: ItemIdentifier?

    /// An entry of a listing.
    public init(key: String, tag: String, embeddedIdentifier: ItemIdentifier? = nil) {
        self.key = key
        self.tag = tag
        self.embeddedIdentifier = embeddedIdentifier
    }
}
