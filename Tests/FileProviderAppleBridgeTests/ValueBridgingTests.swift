import FileProviderAppleBridge
import FileProviderKit
import Foundation
import Testing

#if canImport(FileProvider)
import FileProvider
import UniformTypeIdentifiers
#endif

/// Items, versions, pages, anchors and types cross the bridge without losing anything.
@Suite("Values across the bridge")
struct ValueBridgingTests {
    static let fullItem = ItemSnapshot(
        itemIdentifier: "item-1",
        parentItemIdentifier: "folder-1",
        filename: "Report.md",
        contentType: .markdown,
        capabilities: [.allowsReading, .allowsRenaming, .allowsExcludingFromSync],
        itemVersion: ItemVersion(contentRevision: 7, metadataRevision: 9),
        documentSize: 1_234,
        childItemCount: nil,
        creationDate: Date(timeIntervalSinceReferenceDate: 1_000.25),
        contentModificationDate: Date(timeIntervalSinceReferenceDate: 2_000.5),
        lastUsedDate: Date(timeIntervalSinceReferenceDate: 3_000.75),
        tagData: Data([1, 2, 3]),
        isUploaded: false,
        isUploading: true,
        uploadingError: .insufficientQuota,
        isDownloaded: true,
        isDownloading: false,
        downloadingError: .serverUnreachable,
        isMostRecentVersionDownloaded: false,
        isShared: true,
        isSharedByCurrentUser: false,
        ownerNameComponents: PersonNameComponents(givenName: "Ada", familyName: "Lovelace"),
        mostRecentEditorNameComponents: PersonNameComponents(givenName: "Grace", familyName: "Hopper"),
        userInfo: [
            "text": .string("x"), "count": .integer(3), "ratio": .double(0.5), "flag": .bool(true),
            "when": .date(Date(timeIntervalSinceReferenceDate: 42)),
        ],
        extendedAttributes: ["user.note": Data("hi".utf8)],
        fileSystemFlags: [.userReadable, .userExecutable, .hidden],
        symlinkTargetPath: nil,
        typeAndCreator: TypeAndCreator(type: 0x5445_5854, creator: 0x7474_7874),
        contentPolicy: .downloadEagerlyAndKeepDownloaded,
        decorations: ["com.example.badge"]
    )

    @Test("an item with every property set crosses to Apple and back equal")
    func fullItemRoundTrip() throws {
        var expected = Self.fullItem
        #if os(macOS)
        expected.favoriteRank = nil
        #endif
        #expect(try ItemSnapshot(apple: BridgedItem(Self.fullItem)) == expected)
    }

    @Test("an item with only the required properties crosses back equal")
    func minimalItemRoundTrip() throws {
        let minimal = ItemSnapshot(
            itemIdentifier: "f",
            parentItemIdentifier: .rootContainer,
            filename: "folder",
            contentType: .folder
        )
        #expect(try ItemSnapshot(apple: BridgedItem(minimal)) == minimal)
    }

    @Test("the reserved containers cross as Apple's constants")
    func reservedIdentifiers() {
        #expect(ItemIdentifier.rootContainer.apple == .rootContainer)
        #expect(ItemIdentifier.workingSet.apple == .workingSet)
        #expect(ItemIdentifier.trashContainer.apple == .trashContainer)
        #expect(ItemIdentifier(NSFileProviderItemIdentifier.trashContainer) == .trashContainer)
    }

    @Test("the initial pages cross as Apple's, other pages byte for byte")
    func pages() throws {
        #expect(try Page(Page.initialPageSortedByName.apple) == .initialPageSortedByName)
        #expect(try Page(Page.initialPageSortedByDate.apple) == .initialPageSortedByDate)
        #expect(
            Page.initialPageSortedByName.apple.rawValue == Data(referencing: NSFileProviderPage.initialPageSortedByName)
        )
        let page = try Page(Data([9, 8, 7]))
        #expect(try Page(page.apple) == page)
    }

    @Test("a page or anchor over 500 bytes from Apple's side has expired")
    func oversizedTokens() throws {
        let big = Data(repeating: 1, count: 501)
        let pageError = try #require(throws: FileProviderError.self) { try Page(NSFileProviderPage(big)) }
        #expect(pageError.code == .pageExpired)
        let anchorError = try #require(throws: FileProviderError.self) { try SyncAnchor(NSFileProviderSyncAnchor(big)) }
        #expect(anchorError.code == .syncAnchorExpired)
    }

    @Test("a version before the first sync crosses as Apple's sentinel")
    func beforeFirstSync() throws {
        let apple = ItemVersion.beforeFirstSync.apple
        #expect(apple.contentVersion == NSFileProviderItemVersion.beforeFirstSyncComponent)
        #expect(try ItemVersion(apple) == .beforeFirstSync)
    }

    @Test("a custom type crosses with its identifier and stays a folder or a file")
    func customTypes() {
        let bundle = ContentType("com.example.bundle", conformingTo: [.package])
        #expect(ContentType(bundle.apple).identifier == "com.example.bundle")
        #expect(ContentType(bundle.apple).isDirectory)
        let document = ContentType("com.example.document", conformingTo: [.data])
        #expect(!ContentType(document.apple).isDirectory)
        #expect(ContentType(ContentType.symbolicLink.apple).isSymbolicLink)
    }

    @Test("a domain crosses with its identifier, name and options")
    func domains() throws {
        let domain = Domain(
            identifier: try DomainIdentifier("account-1"),
            displayName: "Account",
            supportsSyncingTrash: false,
            isHidden: true
        )
        #expect(try Domain(domain.apple) == domain)
    }
}
