import FileProviderKit
import Foundation

#if canImport(FileProvider)
import FileProvider
import UniformTypeIdentifiers
#endif

/// A contract item as Apple's `NSFileProviderItem`: every member of Apple's protocol answers with
/// the snapshot's value, in Apple's types.
///
/// Values the contract leaves unset cross as Apple's "not set": `nil` sizes, dates and errors, no
/// type and creator (both codes zero), no user info and no decorations. The favorite rank is an
/// iOS member; on macOS it is not bridged.
public final class BridgedItem: NSObject, NSFileProviderItemProtocol, NSFileProviderItemDecorating, Sendable {
    /// The item.
    public let snapshot: ItemSnapshot

    /// Wraps an item.
    public init(_ item: some FileProviderItem) {
        self.snapshot = ItemSnapshot(item)
    }

    /// The item's identifier.
    public var itemIdentifier: NSFileProviderItemIdentifier { snapshot.itemIdentifier.apple }
    /// The identifier of its parent.
    public var parentItemIdentifier: NSFileProviderItemIdentifier { snapshot.parentItemIdentifier.apple }
    /// Its name.
    public var filename: String { snapshot.filename }
    /// Its type.
    public var contentType: UTType { snapshot.contentType.apple }
    /// Its type and creator codes, both zero when it has none.
    public var typeAndCreator: NSFileProviderTypeAndCreator {
        guard let codes = snapshot.typeAndCreator else { return NSFileProviderTypeAndCreator() }
        return NSFileProviderTypeAndCreator(type: codes.type, creator: codes.creator)
    }
    /// Its capabilities.
    public var capabilities: NSFileProviderItemCapabilities { snapshot.capabilities.apple }
    /// Its permission bits and hidden flags.
    public var fileSystemFlags: NSFileProviderFileSystemFlags { snapshot.fileSystemFlags.apple }
    /// Its size.
    public var documentSize: NSNumber? { snapshot.documentSize.map { NSNumber(value: $0) } }
    /// A folder's number of children.
    public var childItemCount: NSNumber? { snapshot.childItemCount.map { NSNumber(value: $0) } }
    /// When it was created.
    public var creationDate: Date? { snapshot.creationDate }
    /// When its content last changed.
    public var contentModificationDate: Date? { snapshot.contentModificationDate }
    /// Its synchronized extended attributes.
    public var extendedAttributes: [String: Data] { snapshot.extendedAttributes }
    /// When the user last used it.
    public var lastUsedDate: Date? { snapshot.lastUsedDate }
    /// Its tags.
    public var tagData: Data? { snapshot.tagData }
    #if !os(macOS)
    /// Its rank among favorites.
    public var favoriteRank: NSNumber? { snapshot.favoriteRank.map { NSNumber(value: $0) } }
    #endif
    /// Whether it is uploaded.
    public var isUploaded: Bool { snapshot.isUploaded }
    /// Whether an upload is in progress.
    public var isUploading: Bool { snapshot.isUploading }
    /// Why the last upload failed.
    public var uploadingError: (any Error)? {
        snapshot.uploadingError.map { AppleErrorBridge.appleError(for: FileProviderError($0)) }
    }
    /// Whether its content is downloaded.
    public var isDownloaded: Bool { snapshot.isDownloaded }
    /// Whether a download is in progress.
    public var isDownloading: Bool { snapshot.isDownloading }
    /// Why the last download failed.
    public var downloadingError: (any Error)? {
        snapshot.downloadingError.map { AppleErrorBridge.appleError(for: FileProviderError($0)) }
    }
    /// Whether the latest version is downloaded.
    public var isMostRecentVersionDownloaded: Bool { snapshot.isMostRecentVersionDownloaded }
    /// Whether it is shared.
    public var isShared: Bool { snapshot.isShared }
    /// Whether the current user shared it.
    public var isSharedByCurrentUser: Bool { snapshot.isSharedByCurrentUser }
    /// The owner of a shared item.
    public var ownerNameComponents: PersonNameComponents? { snapshot.ownerNameComponents }
    /// Its last editor.
    public var mostRecentEditorNameComponents: PersonNameComponents? { snapshot.mostRecentEditorNameComponents }
    /// Its version.
    public var itemVersion: NSFileProviderItemVersion { snapshot.itemVersion.apple }
    /// A symbolic link's target.
    public var symlinkTargetPath: String? { snapshot.symlinkTargetPath }
    /// Its user info as strings, numbers, booleans and dates; `nil` when empty.
    public var userInfo: [AnyHashable: Any]? {
        guard !snapshot.userInfo.isEmpty else { return nil }
        var values: [AnyHashable: Any] = [:]
        for (key, value) in snapshot.userInfo {
            switch value {
            case .string(let string): values[key] = string
            case .integer(let integer): values[key] = NSNumber(value: integer)
            case .double(let double): values[key] = NSNumber(value: double)
            case .bool(let bool): values[key] = NSNumber(value: bool)
            case .date(let date): values[key] = date
            }
        }
        return values
    }
    /// When the system downloads and evicts its content.
    public var contentPolicy: NSFileProviderContentPolicy { snapshot.contentPolicy.apple }
    /// Its decorations.
    public var decorations: [NSFileProviderItemDecorationIdentifier]? { snapshot.decorations?.map(\.apple) }

    /// The snapshot's description.
    public override var description: String { "BridgedItem(\(snapshot))" }
}
