import FileProviderKit
import Foundation
import FruitBasketAPI

/// How items, identifiers and versions cross the wire, both ways.
///
/// - Identifiers: the server's ``WireIdentifiers/root`` and ``WireIdentifiers/trash`` are
///   `ItemIdentifier.rootContainer` and `ItemIdentifier.trashContainer`; every other identifier is
///   the server's, unchanged. The working set has no wire identifier.
/// - Versions: `ItemVersion(contentRevision:metadataRevision:)` of the item's two server sequence
///   numbers, so the content component changes exactly when the content does.
/// - Every property the wire carries maps to the `FileProviderItem` property of the same meaning:
///   dates (seconds since 2001, `Date`'s own representation, so every date comes back exactly),
///   tags, favorite rank, flags (the wire's bits are `FileSystemFlags`' bits), extended
///   attributes, type and creator codes, a symbolic link's target. A folder's child count is not
///   reported: the change feed does not report a folder when only its children change, so a
///   count would go stale in the host's replica. The content type is the one the item was created
///   with (the server stores it); see ``contentType(kind:name:stored:)``.
public enum WireItemMapping {
    /// The name the root gets when the server's is not a valid filename.
    static let rootName = "FruitBasket"
    /// The name the trash gets when the server's is not a valid filename.
    static let trashName = "Trash"

    /// The item identifier of a wire identifier.
    public static func identifier(_ wireID: String) -> ItemIdentifier {
        switch wireID {
        case WireIdentifiers.root: .rootContainer
        case WireIdentifiers.trash: .trashContainer
        default: ItemIdentifier(wireID)
        }
    }

    /// The wire identifier of an item identifier, or `nil` for one no server item can have: the
    /// working set, and the raw strings the server reserves for its containers.
    public static func wireID(_ identifier: ItemIdentifier) -> String? {
        switch identifier {
        case .rootContainer: WireIdentifiers.root
        case .trashContainer: WireIdentifiers.trash
        case .workingSet: nil
        default:
            identifier.rawValue == WireIdentifiers.root || identifier.rawValue == WireIdentifiers.trash
                ? nil : identifier.rawValue
        }
    }

    /// The version of a wire item.
    public static func version(_ item: WireItem) -> ItemVersion {
        ItemVersion(
            contentRevision: UInt64(clamping: item.contentVersion),
            metadataRevision: UInt64(clamping: item.metadataVersion)
        )
    }

    /// The wire version an item version stands for, or `nil` when the version is not one this
    /// provider made (an empty version, `ItemVersion.beforeFirstSync`, another provider's).
    public static func wireVersion(_ version: ItemVersion) -> WireVersion? {
        guard let content = revision(version.contentVersion), let metadata = revision(version.metadataVersion)
        else { return nil }
        return WireVersion(content: content, metadata: metadata)
    }

    /// The content type of an item of `kind` named `name`, given `stored` at its creation: the
    /// stored type when it fits the kind (a directory type for a folder, neither a directory nor
    /// a link type for a file), otherwise `ContentType.folder`, `ContentType.symbolicLink` or
    /// the filename's type.
    public static func contentType(kind: WireItemKind, name: String, stored: String? = nil) -> ContentType {
        let given = stored.map { ContentType($0) }
        switch kind {
        case .folder:
            return given.flatMap { $0.isDirectory ? $0 : nil } ?? .folder
        case .symlink:
            return .symbolicLink
        case .file:
            return given.flatMap { $0.isDirectory || $0.isSymbolicLink ? nil : $0 } ?? .forFilename(name)
        }
    }

    /// The wire kind of a content type.
    public static func kind(_ contentType: ContentType) -> WireItemKind {
        if contentType.isSymbolicLink { return .symlink }
        return contentType.isDirectory ? .folder : .file
    }

    /// The item a wire item describes.
    public static func snapshot(_ item: WireItem) -> ItemSnapshot {
        let identifier = identifier(item.id)
        var filename = item.name
        if Filename.problem(in: filename) != nil, identifier.isReservedContainer {
            filename = identifier == .trashContainer ? trashName : rootName
        }
        let typeAndCreator = item.typeCode.flatMap { type in
            item.creatorCode.map { TypeAndCreator(type: type, creator: $0) }
        }
        return ItemSnapshot(
            itemIdentifier: identifier,
            parentItemIdentifier: identifier == .rootContainer ? .rootContainer : self.identifier(item.parent),
            filename: filename,
            contentType: contentType(kind: item.kind, name: item.name, stored: item.contentType),
            itemVersion: version(item),
            documentSize: item.kind == .file ? item.size ?? 0 : nil,
            creationDate: item.created.map(Date.init(timeIntervalSinceReferenceDate:)),
            contentModificationDate: item.modified.map(Date.init(timeIntervalSinceReferenceDate:)),
            lastUsedDate: item.lastUsed.map(Date.init(timeIntervalSinceReferenceDate:)),
            tagData: item.tagData,
            favoriteRank: item.favoriteRank,
            extendedAttributes: item.extendedAttributes,
            fileSystemFlags: FileSystemFlags(rawValue: UInt(clamping: item.flags)),
            symlinkTargetPath: item.kind == .symlink ? item.symlinkTarget : nil,
            typeAndCreator: typeAndCreator
        )
    }

    /// The wire item carrying `fields` of `item`, in `parent`, for a creation or a modification;
    /// properties outside `fields` keep the defaults a new item gets (flags: the content type's
    /// default flags). The item's content type goes along: the server keeps it at a creation and
    /// ignores it in a modification. Identifier and versions are left for the server.
    public static func wireItem(
        _ item: any FileProviderItem,
        parent: String,
        kind: WireItemKind,
        fields: ItemFields
    ) -> WireItem {
        let flags =
            fields.contains(.fileSystemFlags)
            ? item.fileSystemFlags
            : FileSystemFlags.defaultFlags(
                for: contentType(kind: kind, name: item.filename, stored: item.contentType.identifier)
            )
        let typeAndCreator = fields.contains(.typeAndCreator) ? item.typeAndCreator : nil
        return WireItem(
            id: wireID(item.itemIdentifier) ?? "",
            parent: parent,
            name: item.filename,
            kind: kind,
            contentVersion: 0,
            metadataVersion: 0,
            created: fields.contains(.creationDate) ? item.creationDate?.timeIntervalSinceReferenceDate : nil,
            modified: fields.contains(.contentModificationDate)
                ? item.contentModificationDate?.timeIntervalSinceReferenceDate : nil,
            lastUsed: fields.contains(.lastUsedDate) ? item.lastUsedDate?.timeIntervalSinceReferenceDate : nil,
            tagData: fields.contains(.tagData) ? item.tagData : nil,
            favoriteRank: fields.contains(.favoriteRank) ? item.favoriteRank : nil,
            symlinkTarget: kind == .symlink ? item.symlinkTargetPath : nil,
            flags: Int(flags.rawValue),
            extendedAttributes: fields.contains(.extendedAttributes) ? item.extendedAttributes : [:],
            typeCode: typeAndCreator?.type,
            creatorCode: typeAndCreator?.creator,
            contentType: item.contentType.identifier
        )
    }

    /// The wire fields a modification of `fields` changes.
    public static func wireFields(_ fields: ItemFields) -> [WireField] {
        let pairs: [(ItemFields, WireField)] = [
            (.contents, .contents), (.filename, .name), (.parentItemIdentifier, .parent),
            (.lastUsedDate, .lastUsed), (.tagData, .tagData), (.favoriteRank, .favoriteRank),
            (.creationDate, .created), (.contentModificationDate, .modified), (.fileSystemFlags, .flags),
            (.extendedAttributes, .extendedAttributes), (.typeAndCreator, .typeAndCreator),
        ]
        return pairs.filter { fields.contains($0.0) }.map(\.1)
    }

    /// The revision an 8-byte big-endian component encodes, or `nil` for any other component.
    private static func revision(_ component: Data) -> Int64? {
        guard component.count == 8 else { return nil }
        let value = component.reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
        return Int64(exactly: value)
    }
}
