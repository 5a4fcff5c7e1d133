import FileProviderKit
import Foundation
import Testing

@Suite("ItemSnapshot")
struct ItemSnapshotTests {
    static func fullySpecifiedItem() throws -> ItemSnapshot {
        var owner = PersonNameComponents()
        owner.givenName = "Ada"
        owner.familyName = "Lovelace"
        return ItemSnapshot(
            itemIdentifier: "item-1",
            parentItemIdentifier: "folder-1",
            filename: "Notes.md",
            contentType: .markdown,
            capabilities: [.allowsReading, .allowsRenaming],
            itemVersion: ItemVersion(contentRevision: 3, metadataRevision: 5),
            documentSize: 1234,
            childItemCount: nil,
            creationDate: Date(timeIntervalSince1970: 1_000),
            contentModificationDate: Date(timeIntervalSince1970: 2_000),
            lastUsedDate: Date(timeIntervalSince1970: 3_000),
            tagData: Data([1, 2, 3]),
            favoriteRank: 42,
            isUploaded: false,
            isUploading: true,
            uploadingError: .insufficientQuota,
            isDownloaded: false,
            isDownloading: true,
            downloadingError: .serverUnreachable,
            isMostRecentVersionDownloaded: false,
            isShared: true,
            isSharedByCurrentUser: false,
            ownerNameComponents: owner,
            mostRecentEditorNameComponents: owner,
            userInfo: ["color": .string("red"), "count": .integer(3), "pinned": .bool(true)],
            extendedAttributes: ["com.example.tag": Data([9])],
            fileSystemFlags: [.userReadable, .hidden],
            symlinkTargetPath: nil,
            typeAndCreator: TypeAndCreator(type: 0x5445_5854, creator: 0x7474_7874),
            contentPolicy: .downloadEagerlyAndKeepDownloaded,
            decorations: ["com.example.badge"]
        )
    }

    @Test func codableRoundTripKeepsEveryProperty() throws {
        let item = try Self.fullySpecifiedItem()
        let decoded = try JSONDecoder().decode(ItemSnapshot.self, from: JSONEncoder().encode(item))
        #expect(decoded == item)
        #expect(decoded.ownerNameComponents?.givenName == "Ada")
        #expect(decoded.uploadingError == .insufficientQuota)
    }

    @Test func copiesAreIndependentValues() throws {
        let original = try Self.fullySpecifiedItem()
        var copy = original
        copy.filename = "Renamed.md"
        copy.itemVersion = ItemVersion(contentRevision: 3, metadataRevision: 6)
        #expect(original.filename == "Notes.md")
        #expect(copy.filename == "Renamed.md")
        #expect(original != copy)
        #expect(original.hashValue != copy.hashValue)
    }

    @Test func defaultsFollowTheProtocol() {
        let folder = ItemSnapshot(
            itemIdentifier: "f",
            parentItemIdentifier: .rootContainer,
            filename: "Folder",
            contentType: .folder
        )
        let file = ItemSnapshot(
            itemIdentifier: "g",
            parentItemIdentifier: "f",
            filename: "a.txt",
            contentType: .plainText
        )
        #expect(folder.fileSystemFlags == [.userReadable, .userWritable, .userExecutable])
        #expect(file.fileSystemFlags == [.userReadable, .userWritable])
        #expect(file.capabilities == .defaultCapabilities)
        #expect(file.itemVersion == ItemVersion())
        #expect(file.isUploaded && file.isDownloaded && file.isMostRecentVersionDownloaded)
        #expect(file.contentPolicy == .inherited)
    }

    /// An item type with only the four required properties, relying on every default.
    struct MinimalItem: FileProviderItem {
        var itemIdentifier: ItemIdentifier
        var parentItemIdentifier: ItemIdentifier
        var filename: String
        var contentType: ContentType
    }

    /// An item type that overrides a few optional properties.
    struct SizedItem: FileProviderItem {
        var itemIdentifier: ItemIdentifier { "sized" }
        var parentItemIdentifier: ItemIdentifier { .rootContainer }
        var filename: String { "big.bin" }
        var contentType: ContentType { .data }
        var documentSize: Int64? { 1 << 40 }
        var symlinkTargetPath: String? { nil }
        var itemVersion: ItemVersion { ItemVersion(contentRevision: 7, metadataRevision: 1) }
    }

    @Test func snapshotOfAnotherItemTypeReadsEveryProperty() {
        let minimal = ItemSnapshot(
            MinimalItem(itemIdentifier: "m", parentItemIdentifier: .rootContainer, filename: "m", contentType: .folder)
        )
        #expect(
            minimal
                == ItemSnapshot(
                    itemIdentifier: "m",
                    parentItemIdentifier: .rootContainer,
                    filename: "m",
                    contentType: .folder
                )
        )
        let sized = ItemSnapshot(SizedItem())
        #expect(sized.documentSize == 1 << 40)
        #expect(sized.itemVersion == ItemVersion(contentRevision: 7, metadataRevision: 1))
    }

    @Test func snapshotOfASnapshotIsTheSameValue() throws {
        let item = try Self.fullySpecifiedItem()
        let existential: any FileProviderItem = item
        #expect(ItemSnapshot(existential) == item)
    }
}
