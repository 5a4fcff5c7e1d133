import FileProviderKit
import Foundation

/// What the provider remembers of one item: where it is, the file on disk that holds it, its
/// revisions, and the metadata a directory cannot hold.
///
/// `diskName` is the name of the entry on disk: the item's filename, except for an item directly
/// in the trash, which is stored under its identifier so trashed items never collide.
struct ItemRecord: Hashable, Codable, Sendable {
    var identifier: ItemIdentifier
    var parent: ItemIdentifier
    var filename: String
    var diskName: String
    var isFolder: Bool
    var disk: DiskFingerprint
    /// The rank of the change that last replaced the content (a folder's: its creation).
    var contentRevision: UInt64
    /// The rank of the change that last changed anything about the item.
    var metadataRevision: UInt64
    var tagData: Data?
    var lastUsedDate: Date?
    var favoriteRank: UInt64?
    /// A file's content type as its creation declared it; `nil` for folders and for files found on
    /// disk, whose type comes from their name.
    var contentType: ContentType? = nil

    var version: ItemVersion {
        ItemVersion(contentRevision: contentRevision, metadataRevision: metadataRevision)
    }

    var snapshot: ItemSnapshot {
        ItemSnapshot(
            itemIdentifier: identifier,
            parentItemIdentifier: parent,
            filename: filename,
            contentType: isFolder ? .folder : contentType ?? .forFilename(filename),
            itemVersion: version,
            documentSize: isFolder ? nil : disk.size,
            contentModificationDate: disk.modificationDate,
            lastUsedDate: lastUsedDate,
            tagData: tagData,
            favoriteRank: favoriteRank,
            fileSystemFlags: isFolder ? nil : disk.fileSystemFlags
        )
    }
}
