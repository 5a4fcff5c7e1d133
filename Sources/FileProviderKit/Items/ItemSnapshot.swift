import Foundation

/// A value holding every property of an item at one moment: the concrete ``FileProviderItem``
/// that providers return, hosts store and tests compare.
///
/// `ItemSnapshot` has value semantics but stores its properties out of line, copied on write, so
/// that copying a snapshot — into an array, an existential `any FileProviderItem` or a replica —
/// costs one reference-count increment however many properties it has. It is `Codable` (every
/// property, keyed by its name) and `Hashable` (two snapshots are equal when every property is).
///
/// A snapshot does not validate what it is given: a provider checks filenames with ``Filename``
/// and the contract's other rules when it accepts an item.
public struct ItemSnapshot: FileProviderItem, Hashable, Codable, Sendable, CustomStringConvertible {
    private var storage: Storage
    /// Creates a snapshot. Every property but the first four has the default of
    /// ``FileProviderItem``; `fileSystemFlags` defaults to
    /// ``FileSystemFlags/defaultFlags(for:)`` of the content type.
    public init(
        itemIdentifier: ItemIdentifier,
        parentItemIdentifier: ItemIdentifier,
        filename: String,
        contentType: ContentType,
        capabilities: ItemCapabilities = .defaultCapabilities,
        itemVersion: ItemVersion = ItemVersion(),
        documentSize: Int64? = nil,
        childItemCount: Int? = nil,
        creationDate: Date? = nil,
        contentModificationDate: Date? = nil,
        lastUsedDate: Date? = nil,
        tagData: Data? = nil,
        favoriteRank: UInt64? = nil,
        isUploaded: Bool = true,
        isUploading: Bool = false,
        uploadingError: FileProviderError.Code? = nil,
        isDownloaded: Bool = true,
        isDownloading: Bool = false,
        downloadingError: FileProviderError.Code? = nil,
        isMostRecentVersionDownloaded: Bool = true,
        isShared: Bool = false,
        isSharedByCurrentUser: Bool = false,
        ownerNameComponents: PersonNameComponents? = nil,
        mostRecentEditorNameComponents: PersonNameComponents? = nil,
        userInfo: [String: UserInfoValue] = [:],
        extendedAttributes: [String: Data] = [:],
        fileSystemFlags: FileSystemFlags? = nil,
        symlinkTargetPath: String? = nil,
        typeAndCreator: TypeAndCreator? = nil,
        contentPolicy: ContentPolicy = .inherited,
        decorations: [DecorationIdentifier]? = nil
    ) {
        self.storage = Storage(
            Fields(
                itemIdentifier: itemIdentifier,
                parentItemIdentifier: parentItemIdentifier,
                filename: filename,
                contentType: contentType,
                capabilities: capabilities,
                itemVersion: itemVersion,
                documentSize: documentSize,
                childItemCount: childItemCount,
                creationDate: creationDate,
                contentModificationDate: contentModificationDate,
                lastUsedDate: lastUsedDate,
                tagData: tagData,
                favoriteRank: favoriteRank,
                isUploaded: isUploaded,
                isUploading: isUploading,
                uploadingError: uploadingError,
                isDownloaded: isDownloaded,
                isDownloading: isDownloading,
                downloadingError: downloadingError,
                isMostRecentVersionDownloaded: isMostRecentVersionDownloaded,
                isShared: isShared,
                isSharedByCurrentUser: isSharedByCurrentUser,
                ownerNameComponents: ownerNameComponents.map(OutOfLine.init),
                mostRecentEditorNameComponents: mostRecentEditorNameComponents.map(OutOfLine.init),
                userInfo: userInfo,
                extendedAttributes: extendedAttributes,
                fileSystemFlags: fileSystemFlags ?? FileSystemFlags.defaultFlags(for: contentType),
                symlinkTargetPath: symlinkTargetPath,
                typeAndCreator: typeAndCreator,
                contentPolicy: contentPolicy,
                decorations: decorations
            )
        )
    }

    /// Creates a snapshot of any item, reading every property once. Copying a snapshot is free.
    public init(_ item: some FileProviderItem) {
        if let snapshot = item as? ItemSnapshot {
            self = snapshot
            return
        }
        self.storage = Storage(
            Fields(
                itemIdentifier: item.itemIdentifier,
                parentItemIdentifier: item.parentItemIdentifier,
                filename: item.filename,
                contentType: item.contentType,
                capabilities: item.capabilities,
                itemVersion: item.itemVersion,
                documentSize: item.documentSize,
                childItemCount: item.childItemCount,
                creationDate: item.creationDate,
                contentModificationDate: item.contentModificationDate,
                lastUsedDate: item.lastUsedDate,
                tagData: item.tagData,
                favoriteRank: item.favoriteRank,
                isUploaded: item.isUploaded,
                isUploading: item.isUploading,
                uploadingError: item.uploadingError,
                isDownloaded: item.isDownloaded,
                isDownloading: item.isDownloading,
                downloadingError: item.downloadingError,
                isMostRecentVersionDownloaded: item.isMostRecentVersionDownloaded,
                isShared: item.isShared,
                isSharedByCurrentUser: item.isSharedByCurrentUser,
                ownerNameComponents: item.ownerNameComponents.map(OutOfLine.init),
                mostRecentEditorNameComponents: item.mostRecentEditorNameComponents.map(OutOfLine.init),
                userInfo: item.userInfo,
                extendedAttributes: item.extendedAttributes,
                fileSystemFlags: item.fileSystemFlags,
                symlinkTargetPath: item.symlinkTargetPath,
                typeAndCreator: item.typeAndCreator,
                contentPolicy: item.contentPolicy,
                decorations: item.decorations
            )
        )
    }

    /// Decodes a snapshot from its keyed properties.
    public init(from decoder: any Decoder) throws {
        self.storage = Storage(try Fields(from: decoder))
    }

    /// Encodes every property, keyed by its name.
    public func encode(to encoder: any Encoder) throws {
        try storage.fields.encode(to: encoder)
    }

    /// Two snapshots are equal when every property is.
    public static func == (lhs: ItemSnapshot, rhs: ItemSnapshot) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes every property.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }

    /// The identifier, parent, filename, type and version.
    public var description: String {
        let fields = storage.fields
        return "ItemSnapshot(\(fields.itemIdentifier), parent: \(fields.parentItemIdentifier), "
            + "\"\(fields.filename)\", \(fields.contentType), \(fields.itemVersion))"
    }

    /// The provider-assigned identifier of the item.
    public var itemIdentifier: ItemIdentifier {
        get { storage.fields.itemIdentifier }
        set { uniqueStorage().fields.itemIdentifier = newValue }
    }

    /// The identifier of the folder that holds the item.
    public var parentItemIdentifier: ItemIdentifier {
        get { storage.fields.parentItemIdentifier }
        set { uniqueStorage().fields.parentItemIdentifier = newValue }
    }

    /// The item's name, extension included.
    public var filename: String {
        get { storage.fields.filename }
        set { uniqueStorage().fields.filename = newValue }
    }

    /// The type of the item's content.
    public var contentType: ContentType {
        get { storage.fields.contentType }
        set { uniqueStorage().fields.contentType = newValue }
    }

    /// What the user may do with the item.
    public var capabilities: ItemCapabilities {
        get { storage.fields.capabilities }
        set { uniqueStorage().fields.capabilities = newValue }
    }

    /// The item's version.
    public var itemVersion: ItemVersion {
        get { storage.fields.itemVersion }
        set { uniqueStorage().fields.itemVersion = newValue }
    }

    /// The size of the content in bytes, if known.
    public var documentSize: Int64? {
        get { storage.fields.documentSize }
        set { uniqueStorage().fields.documentSize = newValue }
    }

    /// The number of children of a folder, if known.
    public var childItemCount: Int? {
        get { storage.fields.childItemCount }
        set { uniqueStorage().fields.childItemCount = newValue }
    }

    /// When the item was created.
    public var creationDate: Date? {
        get { storage.fields.creationDate }
        set { uniqueStorage().fields.creationDate = newValue }
    }

    /// When the content last changed.
    public var contentModificationDate: Date? {
        get { storage.fields.contentModificationDate }
        set { uniqueStorage().fields.contentModificationDate = newValue }
    }

    /// When the user last used the item on purpose.
    public var lastUsedDate: Date? {
        get { storage.fields.lastUsedDate }
        set { uniqueStorage().fields.lastUsedDate = newValue }
    }

    /// The opaque blob of the item's tags.
    public var tagData: Data? {
        get { storage.fields.tagData }
        set { uniqueStorage().fields.tagData = newValue }
    }

    /// The item's rank among favorites.
    public var favoriteRank: UInt64? {
        get { storage.fields.favoriteRank }
        set { uniqueStorage().fields.favoriteRank = newValue }
    }

    /// Whether the item is fully uploaded.
    public var isUploaded: Bool {
        get { storage.fields.isUploaded }
        set { uniqueStorage().fields.isUploaded = newValue }
    }

    /// Whether an upload is in progress.
    public var isUploading: Bool {
        get { storage.fields.isUploading }
        set { uniqueStorage().fields.isUploading = newValue }
    }

    /// Why the last upload failed, if it did.
    public var uploadingError: FileProviderError.Code? {
        get { storage.fields.uploadingError }
        set { uniqueStorage().fields.uploadingError = newValue }
    }

    /// Whether the content is downloaded.
    public var isDownloaded: Bool {
        get { storage.fields.isDownloaded }
        set { uniqueStorage().fields.isDownloaded = newValue }
    }

    /// Whether a download is in progress.
    public var isDownloading: Bool {
        get { storage.fields.isDownloading }
        set { uniqueStorage().fields.isDownloading = newValue }
    }

    /// Why the last download failed, if it did.
    public var downloadingError: FileProviderError.Code? {
        get { storage.fields.downloadingError }
        set { uniqueStorage().fields.downloadingError = newValue }
    }

    /// Whether the downloaded content is the latest version.
    public var isMostRecentVersionDownloaded: Bool {
        get { storage.fields.isMostRecentVersionDownloaded }
        set { uniqueStorage().fields.isMostRecentVersionDownloaded = newValue }
    }

    /// Whether the item is shared.
    public var isShared: Bool {
        get { storage.fields.isShared }
        set { uniqueStorage().fields.isShared = newValue }
    }

    /// Whether the current user shared the item.
    public var isSharedByCurrentUser: Bool {
        get { storage.fields.isSharedByCurrentUser }
        set { uniqueStorage().fields.isSharedByCurrentUser = newValue }
    }

    /// The owner of a shared item.
    public var ownerNameComponents: PersonNameComponents? {
        get { storage.fields.ownerNameComponents?.value }
        set { uniqueStorage().fields.ownerNameComponents = newValue.map(OutOfLine.init) }
    }

    /// The last person who edited the item.
    public var mostRecentEditorNameComponents: PersonNameComponents? {
        get { storage.fields.mostRecentEditorNameComponents?.value }
        set { uniqueStorage().fields.mostRecentEditorNameComponents = newValue.map(OutOfLine.init) }
    }

    /// Provider-defined values exposed to predicates.
    public var userInfo: [String: UserInfoValue] {
        get { storage.fields.userInfo }
        set { uniqueStorage().fields.userInfo = newValue }
    }

    /// The synchronized extended attributes.
    public var extendedAttributes: [String: Data] {
        get { storage.fields.extendedAttributes }
        set { uniqueStorage().fields.extendedAttributes = newValue }
    }

    /// The item's permission bits and hidden flags.
    public var fileSystemFlags: FileSystemFlags {
        get { storage.fields.fileSystemFlags }
        set { uniqueStorage().fields.fileSystemFlags = newValue }
    }

    /// The target of a symbolic link; `nil` for other items.
    public var symlinkTargetPath: String? {
        get { storage.fields.symlinkTargetPath }
        set { uniqueStorage().fields.symlinkTargetPath = newValue }
    }

    /// The classic type and creator codes.
    public var typeAndCreator: TypeAndCreator? {
        get { storage.fields.typeAndCreator }
        set { uniqueStorage().fields.typeAndCreator = newValue }
    }

    /// When the system downloads and evicts the content.
    public var contentPolicy: ContentPolicy {
        get { storage.fields.contentPolicy }
        set { uniqueStorage().fields.contentPolicy = newValue }
    }

    /// The decorations (badges) shown on the item.
    public var decorations: [DecorationIdentifier]? {
        get { storage.fields.decorations }
        set { uniqueStorage().fields.decorations = newValue }
    }

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(storage.fields)
        }
        return storage
    }
}

extension ItemSnapshot {
    /// The out-of-line storage. It is mutated only through ``ItemSnapshot/uniqueStorage()``, that
    /// is when the snapshot holding it is its only owner, so sharing it between threads is safe.
    private final class Storage: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private struct Fields: Hashable, Codable, Sendable {
        var itemIdentifier: ItemIdentifier
        var parentItemIdentifier: ItemIdentifier
        var filename: String
        var contentType: ContentType
        var capabilities: ItemCapabilities
        var itemVersion: ItemVersion
        var documentSize: Int64?
        var childItemCount: Int?
        var creationDate: Date?
        var contentModificationDate: Date?
        var lastUsedDate: Date?
        var tagData: Data?
        var favoriteRank: UInt64?
        var isUploaded: Bool
        var isUploading: Bool
        var uploadingError: FileProviderError.Code?
        var isDownloaded: Bool
        var isDownloading: Bool
        var downloadingError: FileProviderError.Code?
        var isMostRecentVersionDownloaded: Bool
        var isShared: Bool
        var isSharedByCurrentUser: Bool
        var ownerNameComponents: OutOfLine<PersonNameComponents>?
        var mostRecentEditorNameComponents: OutOfLine<PersonNameComponents>?
        var userInfo: [String: UserInfoValue]
        var extendedAttributes: [String: Data]
        var fileSystemFlags: FileSystemFlags
        var symlinkTargetPath: String?
        var typeAndCreator: TypeAndCreator?
        var contentPolicy: ContentPolicy
        var decorations: [DecorationIdentifier]?
    }

    /// A value stored behind one reference, for the rarely set properties that are large inline
    /// (a `PersonNameComponents` takes 104 bytes), so that every snapshot stays small. It encodes,
    /// decodes, compares and hashes as the value it holds.
    private struct OutOfLine<Value: Hashable & Codable & Sendable>: Hashable, Codable, Sendable {
        private indirect enum Box: Hashable, Sendable {
            case value(Value)
        }

        private let box: Box

        init(_ value: Value) {
            self.box = .value(value)
        }

        var value: Value {
            switch box {
            case .value(let value): value
            }
        }

        init(from decoder: any Decoder) throws {
            self.init(try decoder.singleValueContainer().decode(Value.self))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }
}
