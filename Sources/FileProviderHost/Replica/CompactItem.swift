import FileProviderKit
import Foundation

/// The properties of one replica item in 96 bytes, without its identifier and parent (the
/// replica keeps those as slots).
///
/// It holds the properties most items have: name, type (an index into the replica's
/// ``ContentTypeTable``), version, size, child count, creation and modification dates,
/// capabilities, flags and content policy. An item with any other property set (tags, a last-use
/// date, user info, extended attributes, decorations, …) is kept whole by the replica instead;
/// ``init(_:contentType:kind:)`` returns `nil` for it. ``snapshot(identifier:parent:contentType:)``
/// gives back a snapshot equal to the one stored.
struct CompactItem: Sendable {
    /// Which optional properties are present, the Boolean properties, and the replica's own bits.
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt16

        static let hasDocumentSize = Flags(rawValue: 1 << 0)
        static let hasChildItemCount = Flags(rawValue: 1 << 1)
        static let hasCreationDate = Flags(rawValue: 1 << 2)
        static let hasContentModificationDate = Flags(rawValue: 1 << 3)
        static let isUploaded = Flags(rawValue: 1 << 4)
        static let isUploading = Flags(rawValue: 1 << 5)
        static let isDownloaded = Flags(rawValue: 1 << 6)
        static let isDownloading = Flags(rawValue: 1 << 7)
        static let isMostRecentVersionDownloaded = Flags(rawValue: 1 << 8)
        static let isShared = Flags(rawValue: 1 << 9)
        static let isSharedByCurrentUser = Flags(rawValue: 1 << 10)
        /// The item's content type is a directory.
        static let isDirectory = Flags(rawValue: 1 << 11)
        /// The item's content type is a symbolic link.
        static let isSymbolicLink = Flags(rawValue: 1 << 12)
        /// The slot holds an item (and not only children of an item the replica does not hold).
        static let held = Flags(rawValue: 1 << 13)
        /// The replica keeps the item whole, outside the compact record.
        static let whole = Flags(rawValue: 1 << 14)
    }

    var filename: String
    var itemVersion: ItemVersion
    var documentSize: Int64
    var childItemCount: Int64
    var creationDate: Double
    var contentModificationDate: Double
    var capabilities: UInt32
    var fileSystemFlags: UInt32
    var contentType: UInt16
    var flags: Flags
    var contentPolicy: UInt8

    /// The record of a slot that holds no item.
    static let empty = CompactItem(kind: [])

    /// A record that holds only `kind` (the kind bits, `held` and `whole`), for an item kept whole.
    init(kind: Flags) {
        filename = ""
        itemVersion = ItemVersion()
        documentSize = 0
        childItemCount = 0
        creationDate = 0
        contentModificationDate = 0
        capabilities = 0
        fileSystemFlags = 0
        contentType = 0
        flags = kind
        contentPolicy = 0
    }

    /// The compact record of `item`, whose content type has index `contentType`, or `nil` when a
    /// property it has cannot be held compactly.
    init?(_ item: ItemSnapshot, contentType: UInt16, kind: Flags) {
        guard item.lastUsedDate == nil, item.tagData == nil, item.favoriteRank == nil, item.uploadingError == nil,
            item.downloadingError == nil, item.ownerNameComponents == nil,
            item.mostRecentEditorNameComponents == nil, item.userInfo.isEmpty, item.extendedAttributes.isEmpty,
            item.symlinkTargetPath == nil, item.typeAndCreator == nil, item.decorations == nil,
            let capabilities = UInt32(exactly: item.capabilities.rawValue),
            let fileSystemFlags = UInt32(exactly: item.fileSystemFlags.rawValue),
            let contentPolicy = UInt8(exactly: item.contentPolicy.rawValue)
        else { return nil }
        var flags = kind
        flags.formUnion(item.documentSize == nil ? [] : .hasDocumentSize)
        flags.formUnion(item.childItemCount == nil ? [] : .hasChildItemCount)
        flags.formUnion(item.creationDate == nil ? [] : .hasCreationDate)
        flags.formUnion(item.contentModificationDate == nil ? [] : .hasContentModificationDate)
        flags.formUnion(item.isUploaded ? .isUploaded : [])
        flags.formUnion(item.isUploading ? .isUploading : [])
        flags.formUnion(item.isDownloaded ? .isDownloaded : [])
        flags.formUnion(item.isDownloading ? .isDownloading : [])
        flags.formUnion(item.isMostRecentVersionDownloaded ? .isMostRecentVersionDownloaded : [])
        flags.formUnion(item.isShared ? .isShared : [])
        flags.formUnion(item.isSharedByCurrentUser ? .isSharedByCurrentUser : [])
        self.filename = item.filename
        self.itemVersion = item.itemVersion
        self.documentSize = item.documentSize ?? 0
        self.childItemCount = Int64(item.childItemCount ?? 0)
        self.creationDate = item.creationDate?.timeIntervalSinceReferenceDate ?? 0
        self.contentModificationDate = item.contentModificationDate?.timeIntervalSinceReferenceDate ?? 0
        self.capabilities = capabilities
        self.fileSystemFlags = fileSystemFlags
        self.contentType = contentType
        self.flags = flags
        self.contentPolicy = contentPolicy
    }

    /// The snapshot this record was made from, given its identifier, parent and content type.
    func snapshot(identifier: ItemIdentifier, parent: ItemIdentifier, contentType: ContentType) -> ItemSnapshot {
        ItemSnapshot(
            itemIdentifier: identifier,
            parentItemIdentifier: parent,
            filename: filename,
            contentType: contentType,
            capabilities: ItemCapabilities(rawValue: UInt(capabilities)),
            itemVersion: itemVersion,
            documentSize: flags.contains(.hasDocumentSize) ? documentSize : nil,
            childItemCount: flags.contains(.hasChildItemCount) ? Int(truncatingIfNeeded: childItemCount) : nil,
            creationDate: flags.contains(.hasCreationDate) ? Date(timeIntervalSinceReferenceDate: creationDate) : nil,
            contentModificationDate: flags.contains(.hasContentModificationDate)
                ? Date(timeIntervalSinceReferenceDate: contentModificationDate) : nil,
            isUploaded: flags.contains(.isUploaded),
            isUploading: flags.contains(.isUploading),
            isDownloaded: flags.contains(.isDownloaded),
            isDownloading: flags.contains(.isDownloading),
            isMostRecentVersionDownloaded: flags.contains(.isMostRecentVersionDownloaded),
            isShared: flags.contains(.isShared),
            isSharedByCurrentUser: flags.contains(.isSharedByCurrentUser),
            fileSystemFlags: FileSystemFlags(rawValue: UInt(fileSystemFlags)),
            contentPolicy: ContentPolicy(rawValue: Int(contentPolicy)) ?? .inherited
        )
    }
}
