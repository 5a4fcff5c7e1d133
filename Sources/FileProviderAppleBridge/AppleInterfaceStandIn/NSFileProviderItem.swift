#if !canImport(FileProvider)
import Foundation

// Apple's item types (`FileProvider/NSFileProviderItem.h`), as far as the bridge uses them: a
// stand-in compiled only where Apple's framework cannot be imported. Names, labels, raw values and
// optionality are Apple's; on Apple's systems every name here is Apple's own declaration.

/// Apple's `NSFileProviderItemIdentifier` (stand-in on Linux).
public struct NSFileProviderItemIdentifier: RawRepresentable, Hashable, Sendable {
    /// The identifier's string.
    public let rawValue: String
    /// Creates an identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates an identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// `NSFileProviderRootContainerItemIdentifier`.
    public static let rootContainer = NSFileProviderItemIdentifier("NSFileProviderRootContainerItemIdentifier")
    /// `NSFileProviderWorkingSetContainerItemIdentifier`.
    public static let workingSet = NSFileProviderItemIdentifier("NSFileProviderWorkingSetContainerItemIdentifier")
    /// `NSFileProviderTrashContainerItemIdentifier`.
    public static let trashContainer = NSFileProviderItemIdentifier("NSFileProviderTrashContainerItemIdentifier")
}

/// Apple's `NSFileProviderItemCapabilities` (stand-in on Linux).
public struct NSFileProviderItemCapabilities: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// Creates a set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `1 << 0`.
    public static let allowsReading = NSFileProviderItemCapabilities(rawValue: 1 << 0)
    /// `1 << 1`.
    public static let allowsWriting = NSFileProviderItemCapabilities(rawValue: 1 << 1)
    /// `1 << 2`.
    public static let allowsReparenting = NSFileProviderItemCapabilities(rawValue: 1 << 2)
    /// `1 << 3`.
    public static let allowsRenaming = NSFileProviderItemCapabilities(rawValue: 1 << 3)
    /// `1 << 4`.
    public static let allowsTrashing = NSFileProviderItemCapabilities(rawValue: 1 << 4)
    /// `1 << 5`.
    public static let allowsDeleting = NSFileProviderItemCapabilities(rawValue: 1 << 5)
    /// `1 << 6`.
    public static let allowsEvicting = NSFileProviderItemCapabilities(rawValue: 1 << 6)
    /// `1 << 7`.
    public static let allowsExcludingFromSync = NSFileProviderItemCapabilities(rawValue: 1 << 7)
    /// The same bit as `allowsWriting`.
    public static let allowsAddingSubItems = allowsWriting
    /// The same bit as `allowsReading`.
    public static let allowsContentEnumerating = allowsReading
    /// Deprecated by Apple: reading, writing, reparenting, renaming, trashing and deleting.
    public static let allowsAll: NSFileProviderItemCapabilities = [
        .allowsReading, .allowsWriting, .allowsReparenting, .allowsRenaming, .allowsTrashing, .allowsDeleting,
    ]
}

/// Apple's `NSFileProviderFileSystemFlags` (stand-in on Linux).
public struct NSFileProviderFileSystemFlags: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// Creates a set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `1 << 0`.
    public static let userExecutable = NSFileProviderFileSystemFlags(rawValue: 1 << 0)
    /// `1 << 1`.
    public static let userReadable = NSFileProviderFileSystemFlags(rawValue: 1 << 1)
    /// `1 << 2`.
    public static let userWritable = NSFileProviderFileSystemFlags(rawValue: 1 << 2)
    /// `1 << 3`.
    public static let hidden = NSFileProviderFileSystemFlags(rawValue: 1 << 3)
    /// `1 << 4`.
    public static let pathExtensionHidden = NSFileProviderFileSystemFlags(rawValue: 1 << 4)
}

/// Apple's `NSFileProviderItemFields` (stand-in on Linux).
public struct NSFileProviderItemFields: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// Creates a set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `1 << 0`.
    public static let contents = NSFileProviderItemFields(rawValue: 1 << 0)
    /// `1 << 1`.
    public static let filename = NSFileProviderItemFields(rawValue: 1 << 1)
    /// `1 << 2`.
    public static let parentItemIdentifier = NSFileProviderItemFields(rawValue: 1 << 2)
    /// `1 << 3`.
    public static let lastUsedDate = NSFileProviderItemFields(rawValue: 1 << 3)
    /// `1 << 4`.
    public static let tagData = NSFileProviderItemFields(rawValue: 1 << 4)
    /// `1 << 5`.
    public static let favoriteRank = NSFileProviderItemFields(rawValue: 1 << 5)
    /// `1 << 6`.
    public static let creationDate = NSFileProviderItemFields(rawValue: 1 << 6)
    /// `1 << 7`.
    public static let contentModificationDate = NSFileProviderItemFields(rawValue: 1 << 7)
    /// `1 << 8`.
    public static let fileSystemFlags = NSFileProviderItemFields(rawValue: 1 << 8)
    /// `1 << 9`.
    public static let extendedAttributes = NSFileProviderItemFields(rawValue: 1 << 9)
    /// `1 << 10`.
    public static let typeAndCreator = NSFileProviderItemFields(rawValue: 1 << 10)
}

/// Apple's `NSFileProviderContentPolicy` (stand-in on Linux).
public enum NSFileProviderContentPolicy: Int, Sendable {
    /// `0`.
    case inherited = 0
    /// `1`.
    case downloadLazily = 1
    /// `2`.
    case downloadLazilyAndEvictOnRemoteUpdate = 2
    /// `3`.
    case downloadEagerlyAndKeepDownloaded = 3
}

/// Apple's `NSFileProviderTypeAndCreator`, a C structure of two `OSType`s (stand-in on Linux).
public struct NSFileProviderTypeAndCreator: Sendable {
    /// The file type code.
    public var type: UInt32
    /// The creator code.
    public var creator: UInt32
    /// Both codes zero.
    public init() {
        self.type = 0
        self.creator = 0
    }
    /// Creates the pair.
    public init(type: UInt32, creator: UInt32) {
        self.type = type
        self.creator = creator
    }
}

/// Apple's `NSFileProviderItemVersion` (stand-in on Linux).
open class NSFileProviderItemVersion: NSObject {
    /// The version of the content.
    open var contentVersion: Data { storedContentVersion }
    /// The version of the metadata.
    open var metadataVersion: Data { storedMetadataVersion }
    private let storedContentVersion: Data
    private let storedMetadataVersion: Data

    /// Creates a version.
    public init(contentVersion: Data, metadataVersion: Data) {
        self.storedContentVersion = contentVersion
        self.storedMetadataVersion = metadataVersion
    }

    /// The component of a version the provider never assigned (an item created on disk and not
    /// yet synchronized). Its bytes are the stand-in's own; on Apple's systems they are Apple's.
    open class var beforeFirstSyncComponent: Data { Data("NSFileProviderItemVersion.beforeFirstSync".utf8) }
}

/// Apple's `NSFileProviderItemProtocol` (stand-in on Linux).
///
/// Three members are required, as in Apple's protocol. Apple's optional members are requirements
/// here with the value an unimplemented member has; the bridge reads each into an optional of its
/// type, as Swift imports an optional Objective-C member on Apple's systems.
public protocol NSFileProviderItemProtocol: NSObjectProtocol {
    /// The item's identifier.
    /// Objective-C: `itemIdentifier`.
    var itemIdentifier: NSFileProviderItemIdentifier { get }
    /// The identifier of the item's parent.
    /// Objective-C: `parentItemIdentifier`.
    var parentItemIdentifier: NSFileProviderItemIdentifier { get }
    /// The item's name.
    /// Objective-C: `filename`.
    var filename: String { get }
    /// The item's type.
    /// Objective-C: `contentType`.
    var contentType: UTType { get }
    /// The classic type and creator codes.
    /// Objective-C: `typeAndCreator`.
    var typeAndCreator: NSFileProviderTypeAndCreator { get }
    /// What the user may do with the item.
    /// Objective-C: `capabilities`.
    var capabilities: NSFileProviderItemCapabilities { get }
    /// The permission bits and hidden flags.
    /// Objective-C: `fileSystemFlags`.
    var fileSystemFlags: NSFileProviderFileSystemFlags { get }
    /// The content's size.
    /// Objective-C: `documentSize`.
    var documentSize: NSNumber? { get }
    /// A folder's number of children.
    /// Objective-C: `childItemCount`.
    var childItemCount: NSNumber? { get }
    /// When the item was created.
    /// Objective-C: `creationDate`.
    var creationDate: Date? { get }
    /// When the content last changed.
    /// Objective-C: `contentModificationDate`.
    var contentModificationDate: Date? { get }
    /// The synchronized extended attributes.
    /// Objective-C: `extendedAttributes`.
    var extendedAttributes: [String: Data] { get }
    /// When the user last used the item.
    /// Objective-C: `lastUsedDate`.
    var lastUsedDate: Date? { get }
    /// The tags.
    /// Objective-C: `tagData`.
    var tagData: Data? { get }
    /// The rank among favorites.
    /// Objective-C: `favoriteRank`.
    var favoriteRank: NSNumber? { get }
    /// Whether the item is uploaded.
    /// Objective-C: `isUploaded`.
    var isUploaded: Bool { get }
    /// Whether an upload is in progress.
    /// Objective-C: `isUploading`.
    var isUploading: Bool { get }
    /// Why the last upload failed.
    /// Objective-C: `uploadingError`.
    var uploadingError: (any Error)? { get }
    /// Whether the content is downloaded.
    /// Objective-C: `isDownloaded`.
    var isDownloaded: Bool { get }
    /// Whether a download is in progress.
    /// Objective-C: `isDownloading`.
    var isDownloading: Bool { get }
    /// Why the last download failed.
    /// Objective-C: `downloadingError`.
    var downloadingError: (any Error)? { get }
    /// Whether the latest version is downloaded.
    /// Objective-C: `isMostRecentVersionDownloaded`.
    var isMostRecentVersionDownloaded: Bool { get }
    /// Whether the item is shared.
    /// Objective-C: `isShared`.
    var isShared: Bool { get }
    /// Whether the current user shared it.
    /// Objective-C: `isSharedByCurrentUser`.
    var isSharedByCurrentUser: Bool { get }
    /// The owner of a shared item.
    /// Objective-C: `ownerNameComponents`.
    var ownerNameComponents: PersonNameComponents? { get }
    /// The last editor.
    /// Objective-C: `mostRecentEditorNameComponents`.
    var mostRecentEditorNameComponents: PersonNameComponents? { get }
    /// The item's version.
    /// Objective-C: `itemVersion`.
    var itemVersion: NSFileProviderItemVersion { get }
    /// A symbolic link's target.
    /// Objective-C: `symlinkTargetPath`.
    var symlinkTargetPath: String? { get }
    /// Values exposed to predicates.
    /// Objective-C: `userInfo`.
    var userInfo: [AnyHashable: Any]? { get }
    /// When the system downloads and evicts the content.
    /// Objective-C: `contentPolicy`.
    var contentPolicy: NSFileProviderContentPolicy { get }
}

extension NSFileProviderItemProtocol {
    /// Unimplemented: `public.item`.
    public var contentType: UTType { .item }
    /// Unimplemented: both codes zero.
    public var typeAndCreator: NSFileProviderTypeAndCreator { NSFileProviderTypeAndCreator() }
    /// Unimplemented: every capability of `allowsAll`.
    public var capabilities: NSFileProviderItemCapabilities {
        [.allowsReading, .allowsWriting, .allowsReparenting, .allowsRenaming, .allowsTrashing, .allowsDeleting]
    }
    /// Unimplemented: readable and writable.
    public var fileSystemFlags: NSFileProviderFileSystemFlags { [.userReadable, .userWritable] }
    /// Unimplemented: `nil`.
    public var documentSize: NSNumber? { nil }
    /// Unimplemented: `nil`.
    public var childItemCount: NSNumber? { nil }
    /// Unimplemented: `nil`.
    public var creationDate: Date? { nil }
    /// Unimplemented: `nil`.
    public var contentModificationDate: Date? { nil }
    /// Unimplemented: empty.
    public var extendedAttributes: [String: Data] { [:] }
    /// Unimplemented: `nil`.
    public var lastUsedDate: Date? { nil }
    /// Unimplemented: `nil`.
    public var tagData: Data? { nil }
    /// Unimplemented: `nil`.
    public var favoriteRank: NSNumber? { nil }
    /// Unimplemented: `true`.
    public var isUploaded: Bool { true }
    /// Unimplemented: `false`.
    public var isUploading: Bool { false }
    /// Unimplemented: `nil`.
    public var uploadingError: (any Error)? { nil }
    /// Unimplemented: `true`.
    public var isDownloaded: Bool { true }
    /// Unimplemented: `false`.
    public var isDownloading: Bool { false }
    /// Unimplemented: `nil`.
    public var downloadingError: (any Error)? { nil }
    /// Unimplemented: `true`.
    public var isMostRecentVersionDownloaded: Bool { true }
    /// Unimplemented: `false`.
    public var isShared: Bool { false }
    /// Unimplemented: `false`.
    public var isSharedByCurrentUser: Bool { false }
    /// Unimplemented: `nil`.
    public var ownerNameComponents: PersonNameComponents? { nil }
    /// Unimplemented: `nil`.
    public var mostRecentEditorNameComponents: PersonNameComponents? { nil }
    /// Unimplemented: empty components.
    public var itemVersion: NSFileProviderItemVersion {
        NSFileProviderItemVersion(contentVersion: Data(), metadataVersion: Data())
    }
    /// Unimplemented: `nil`.
    public var symlinkTargetPath: String? { nil }
    /// Unimplemented: `nil`.
    public var userInfo: [AnyHashable: Any]? { nil }
    /// Unimplemented: `inherited`.
    public var contentPolicy: NSFileProviderContentPolicy { .inherited }
}

/// Apple's `NSFileProviderItem`, the existential of ``NSFileProviderItemProtocol``.
public typealias NSFileProviderItem = any NSFileProviderItemProtocol

/// Apple's `NSFileProviderItemDecorationIdentifier` (stand-in on Linux).
public struct NSFileProviderItemDecorationIdentifier: RawRepresentable, Hashable, Sendable {
    /// The identifier's string.
    public let rawValue: String
    /// Creates an identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates an identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// Apple's `NSFileProviderItemDecorating` (stand-in on Linux).
public protocol NSFileProviderItemDecorating: NSFileProviderItemProtocol {
    /// The decorations shown on the item.
    /// Objective-C: `decorations`.
    var decorations: [NSFileProviderItemDecorationIdentifier]? { get }
}
#endif
