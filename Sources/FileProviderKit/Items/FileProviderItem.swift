import Foundation

/// An item a provider exposes: a file, a folder, a package or a symbolic link, with its metadata.
///
/// Four properties are required: ``itemIdentifier``, ``parentItemIdentifier``, ``filename`` and
/// ``contentType``. Every other property has a default in an extension, so a type implements only
/// what its backend knows. ``ItemSnapshot`` is a ready-made conforming value type.
///
/// The contract every item meets:
/// - ``filename`` is a valid name (see ``Filename``), the root's included.
/// - In a container's listing, ``parentItemIdentifier`` is that container; in the working set it
///   is the item's real parent, never ``ItemIdentifier/workingSet``. Trashed items have
///   ``ItemIdentifier/trashContainer`` as their parent.
/// - An identifier never changes between directory and non-directory, nor between symbolic link
///   and not; a symbolic link has a ``symlinkTargetPath``.
/// - ``itemVersion``'s content component changes if and only if the content changes.
/// - ``ownerNameComponents`` is `nil` unless the item is shared by someone else.
public protocol FileProviderItem: Sendable {
    /// The provider-assigned identifier of the item.
    var itemIdentifier: ItemIdentifier { get }
    /// The identifier of the folder that holds the item: ``ItemIdentifier/rootContainer`` for a
    /// top-level item, ``ItemIdentifier/trashContainer`` for a trashed one.
    var parentItemIdentifier: ItemIdentifier { get }
    /// The item's name, extension included. Never empty.
    var filename: String { get }
    /// The type of the item's content.
    var contentType: ContentType { get }

    /// What the user may do with the item. Default: ``ItemCapabilities/defaultCapabilities``.
    var capabilities: ItemCapabilities { get }
    /// The item's version. Default: an empty version (an unversioned item).
    var itemVersion: ItemVersion { get }
    /// The size of the content in bytes, if known. Default: `nil`.
    var documentSize: Int64? { get }
    /// The number of children of a folder, if known. Default: `nil`.
    var childItemCount: Int? { get }
    /// When the item was created. Default: `nil`.
    var creationDate: Date? { get }
    /// When the content last changed. Default: `nil`.
    var contentModificationDate: Date? { get }
    /// When the user last used the item on purpose (not a file-system access time). Default: `nil`.
    var lastUsedDate: Date? { get }
    /// The opaque blob of the item's tags. Default: `nil`.
    var tagData: Data? { get }
    /// The item's rank among favorites. Default: `nil`.
    var favoriteRank: UInt64? { get }
    /// Whether the item is fully uploaded; `false` while an upload continues. Default: `true`.
    var isUploaded: Bool { get }
    /// Whether an upload is in progress. Default: `false`.
    var isUploading: Bool { get }
    /// Why the last upload failed, if it did. Default: `nil`.
    var uploadingError: FileProviderError.Code? { get }
    /// Whether the content is downloaded. Default: `true`.
    var isDownloaded: Bool { get }
    /// Whether a download is in progress. Default: `false`.
    var isDownloading: Bool { get }
    /// Why the last download failed, if it did. Default: `nil`.
    var downloadingError: FileProviderError.Code? { get }
    /// Whether the downloaded content is the latest version. Default: `true`.
    var isMostRecentVersionDownloaded: Bool { get }
    /// Whether the item is shared. Default: `false`.
    var isShared: Bool { get }
    /// Whether the current user shared the item. Default: `false`.
    var isSharedByCurrentUser: Bool { get }
    /// The owner of a shared item, `nil` when not shared or shared by the current user. Default: `nil`.
    var ownerNameComponents: PersonNameComponents? { get }
    /// The last person who edited the item. Default: `nil`.
    var mostRecentEditorNameComponents: PersonNameComponents? { get }
    /// Provider-defined values exposed to predicates. Default: empty.
    var userInfo: [String: UserInfoValue] { get }
    /// The synchronized extended attributes. Default: empty.
    var extendedAttributes: [String: Data] { get }
    /// The item's permission bits and hidden flags. Default: readable and writable, plus
    /// executable for directories.
    var fileSystemFlags: FileSystemFlags { get }
    /// The target of a symbolic link; `nil` for other items. Default: `nil`.
    var symlinkTargetPath: String? { get }
    /// The classic type and creator codes. Default: `nil`.
    var typeAndCreator: TypeAndCreator? { get }
    /// When the system downloads and evicts the content. Default: ``ContentPolicy/inherited``.
    var contentPolicy: ContentPolicy { get }
    /// The decorations (badges) shown on the item. Default: `nil`.
    var decorations: [DecorationIdentifier]? { get }
}

extension FileProviderItem {
    /// Default: ``ItemCapabilities/defaultCapabilities``.
    public var capabilities: ItemCapabilities { .defaultCapabilities }
    /// Default: an empty version.
    public var itemVersion: ItemVersion { ItemVersion() }
    /// Default: `nil`.
    public var documentSize: Int64? { nil }
    /// Default: `nil`.
    public var childItemCount: Int? { nil }
    /// Default: `nil`.
    public var creationDate: Date? { nil }
    /// Default: `nil`.
    public var contentModificationDate: Date? { nil }
    /// Default: `nil`.
    public var lastUsedDate: Date? { nil }
    /// Default: `nil`.
    public var tagData: Data? { nil }
    /// Default: `nil`.
    public var favoriteRank: UInt64? { nil }
    /// Default: `true`.
    public var isUploaded: Bool { true }
    /// Default: `false`.
    public var isUploading: Bool { false }
    /// Default: `nil`.
    public var uploadingError: FileProviderError.Code? { nil }
    /// Default: `true`.
    public var isDownloaded: Bool { true }
    /// Default: `false`.
    public var isDownloading: Bool { false }
    /// Default: `nil`.
    public var downloadingError: FileProviderError.Code? { nil }
    /// Default: `true`.
    public var isMostRecentVersionDownloaded: Bool { true }
    /// Default: `false`.
    public var isShared: Bool { false }
    /// Default: `false`.
    public var isSharedByCurrentUser: Bool { false }
    /// Default: `nil`.
    public var ownerNameComponents: PersonNameComponents? { nil }
    /// Default: `nil`.
    public var mostRecentEditorNameComponents: PersonNameComponents? { nil }
    /// Default: empty.
    public var userInfo: [String: UserInfoValue] { [:] }
    /// Default: empty.
    public var extendedAttributes: [String: Data] { [:] }
    /// Default: readable and writable, plus executable for directories.
    public var fileSystemFlags: FileSystemFlags { FileSystemFlags.defaultFlags(for: contentType) }
    /// Default: `nil`.
    public var symlinkTargetPath: String? { nil }
    /// Default: `nil`.
    public var typeAndCreator: TypeAndCreator? { nil }
    /// Default: ``ContentPolicy/inherited``.
    public var contentPolicy: ContentPolicy { .inherited }
    /// Default: `nil`.
    public var decorations: [DecorationIdentifier]? { nil }
}

extension FileSystemFlags {
    /// The flags an item of `contentType` gets when its provider states none: readable and
    /// writable, plus executable (traversable) for directories.
    public static func defaultFlags(for contentType: ContentType) -> FileSystemFlags {
        contentType.isDirectory ? [.userReadable, .userWritable, .userExecutable] : [.userReadable, .userWritable]
    }
}
