import FileProviderKit
import Foundation
import LocalFolderProvider
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// No identifier, filename, symbolic link, page or anchor makes the provider read or write outside
/// its root; each attempt is a clear error. Every test keeps a secret file and an outside folder
/// beside the root, and checks they were neither read nor changed.
@Suite("Security")
struct SecurityTests {
    let subject: ProviderUnderTest
    var provider: LocalFolderProvider { subject.provider }
    var folders: TemporaryFolders { subject.folders }
    var secret: URL { folders.base.appendingPathComponent("secret.txt") }
    var outside: URL { folders.base.appendingPathComponent("outside", isDirectory: true) }

    init() throws {
        subject = try ProviderUnderTest()
        try Data("secret".utf8).write(to: secret)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("outside".utf8).write(to: outside.appendingPathComponent("note.txt"))
    }

    /// The outside world is as the test left it.
    func expectOutsideUntouched(sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try String(contentsOf: secret, encoding: .utf8) == "secret", sourceLocation: sourceLocation)
        let names = try FileManager.default.contentsOfDirectory(atPath: outside.path)
        #expect(names == ["note.txt"], sourceLocation: sourceLocation)
        let base = try FileManager.default.contentsOfDirectory(atPath: folders.base.path).sorted()
        #expect(base == ["outside", "root", "secret.txt", "state"], sourceLocation: sourceLocation)
    }

    @Test("identifiers that look like paths are unknown items, never paths")
    func pathLikeIdentifiers() async throws {
        let file = try await provider.create("inside.txt", text: "inside")
        for raw in ["../secret.txt", secret.path, "../../etc/passwd", "/", "..", "../state/journal", "trash"] {
            let identifier = ItemIdentifier(raw)
            #expect(await errorCode { try await provider.item(for: identifier, request: Request()) } == .noSuchItem)
            #expect(
                await errorCode { try await provider.fetchContents(for: identifier, version: nil, request: Request()) }
                    == .noSuchItem
            )
            #expect(
                await errorCode { try await provider.enumerator(for: identifier, request: Request()) } == .noSuchItem
            )
            var moved = file
            moved.parentItemIdentifier = identifier
            #expect(
                await errorCode {
                    try await provider.modifyItem(
                        moved,
                        baseVersion: file.itemVersion,
                        changedFields: .parentItemIdentifier,
                        contents: nil,
                        options: [],
                        request: Request()
                    )
                } == .noSuchItem
            )
            // Deleting an unknown identifier succeeds — and deletes nothing.
            try await provider.deleteItem(
                identifier: identifier,
                baseVersion: ItemVersion(),
                options: .recursive,
                request: Request()
            )
        }
        #expect(try await provider.text(of: file.itemIdentifier) == "inside")
        try expectOutsideUntouched()
    }

    @Test("names with slashes or dot-dot are refused with invalidFilename")
    func escapingNames() async throws {
        let file = try await provider.create("inside.txt", text: "inside")
        for name in ["..", ".", "../escape.txt", "a/../../escape.txt", secret.path, "sub/dir"] {
            #expect(await errorCode { try await provider.create(name, text: "escape") } == .invalidFilename)
            #expect(await errorCode { try await provider.create(name) } == .invalidFilename)
            #expect(await errorCode { try await provider.rename(file, to: name) } == .invalidFilename)
        }
        #expect(try await provider.workingSet().map(\.filename) == ["inside.txt"])
        try expectOutsideUntouched()
    }

    @Test("symbolic links in the root are never items, and never followed")
    func symbolicLinksAreNotItems() async throws {
        let manager = FileManager.default
        try manager.createSymbolicLink(at: folders.root.appendingPathComponent("link.txt"), withDestinationURL: secret)
        try manager.createSymbolicLink(at: folders.root.appendingPathComponent("linked"), withDestinationURL: outside)
        try manager.createSymbolicLink(at: folders.root.appendingPathComponent("up"), withDestinationURL: folders.base)
        try await provider.rescan()
        #expect(try await provider.workingSet().isEmpty)
        #expect(await errorCode { try await provider.create("link.txt", text: "x") } == .cannotSynchronize)
        try expectOutsideUntouched()
    }

    @Test("a folder swapped for a symbolic link to the outside is neither read nor written through")
    func folderSwappedForLink() async throws {
        let folder = try await provider.create("Docs")
        let file = try await provider.create("note.txt", in: folder.itemIdentifier, text: "inside")
        let docs = try await provider.location(of: folder.itemIdentifier)
        try FileManager.default.moveItem(at: docs, to: folders.base.appendingPathComponent("moved-away"))
        try FileManager.default.createSymbolicLink(at: docs, withDestinationURL: outside)
        // The recorded folder is gone from the root: its identifier no longer resolves, and the
        // link with its outside content is not an item.
        #expect(
            await errorCode {
                try await provider.fetchContents(for: file.itemIdentifier, version: nil, request: Request())
            }
                == .noSuchItem
        )
        #expect(
            await errorCode { try await provider.create("new.txt", in: folder.itemIdentifier, text: "x") }
                == .noSuchItem
        )
        #expect(try await provider.workingSet().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["note.txt"])
        #expect(try String(contentsOf: outside.appendingPathComponent("note.txt"), encoding: .utf8) == "outside")
    }

    @Test("a file swapped for a symbolic link to a secret is not served")
    func fileSwappedForLink() async throws {
        let file = try await provider.create("report.txt", text: "inside")
        let location = try await provider.location(of: file.itemIdentifier)
        try FileManager.default.removeItem(at: location)
        try FileManager.default.createSymbolicLink(at: location, withDestinationURL: secret)
        #expect(
            await errorCode {
                try await provider.fetchContents(for: file.itemIdentifier, version: nil, request: Request())
            }
                == .noSuchItem
        )
        let write = await errorCode {
            try await provider.modifyItem(
                file,
                baseVersion: file.itemVersion,
                changedFields: .contents,
                contents: try contentsFile("overwrite"),
                options: [],
                request: Request()
            )
        }
        #expect(write == .noSuchItem)
        try expectOutsideUntouched()
    }

    /// The secret's bytes, modification time and number of names, as `lstat` sees them.
    func secretState() throws -> String {
        var status = stat()
        #expect(lstat(secret.path, &status) == 0)
        return "\(try String(contentsOf: secret, encoding: .utf8)) \(status.st_mtim.tv_sec) \(status.st_nlink)"
    }

    @Test("a hard link planted in the root to an outside file is never an item")
    func plantedHardLink() async throws {
        #expect(link(secret.path, folders.root.appendingPathComponent("planted.txt").path) == 0)
        let before = try secretState()
        try await provider.rescan()
        #expect(try await provider.workingSet().isEmpty)
        #expect(await errorCode { try await provider.create("planted.txt", text: "overwrite") } == .cannotSynchronize)
        #expect(try secretState() == before)
    }

    @Test("an item hard-linked from outside after it was recorded is neither served nor changed")
    func itemHardLinkedLater() async throws {
        let file = try await provider.create("inside.txt", text: "inside")
        try FileManager.default.removeItem(at: secret)
        #expect(link(try await provider.location(of: file.itemIdentifier).path, secret.path) == 0)
        let before = try secretState()
        var dated = file
        dated.contentModificationDate = Date(timeIntervalSince1970: 9_000)
        let modify = await errorCode {
            try await provider.modifyItem(
                dated,
                baseVersion: file.itemVersion,
                changedFields: .contentModificationDate,
                contents: nil,
                options: [],
                request: Request()
            )
        }
        #expect(modify == .noSuchItem)
        let fetch = await errorCode {
            try await provider.fetchContents(for: file.itemIdentifier, version: nil, request: Request())
        }
        #expect(fetch == .noSuchItem)
        #expect(try secretState() == before)
        #expect(try await provider.workingSet().isEmpty)
    }

    @Test("identifiers, pages and anchors of another domain are refused")
    func otherDomains() async throws {
        let (other, otherFolders) = try LocalFolderProvider.temporary()
        defer { otherFolders.remove() }
        let foreign = try await other.create("foreign.txt", text: "foreign")
        _ = try await provider.create("mine.txt", text: "mine")
        #expect(
            await errorCode { try await provider.item(for: foreign.itemIdentifier, request: Request()) } == .noSuchItem
        )
        for index in 0..<3 { _ = try await other.create("file-\(index).txt", text: "\(index)") }
        let enumerator = try await other.enumerator(for: .rootContainer, request: Request())
        var pages = enumerator.pages(suggestedPageSize: 1).makeAsyncIterator()
        let page = try #require(try await pages.next()?.nextPage)
        let mine = try await provider.enumerator(for: .rootContainer, request: Request())
        #expect(await errorCode { try await mine.allItems(startingAt: page) } == .pageExpired)
        let anchor = try await other.anchor()
        #expect(await errorCode { try await provider.changes(since: anchor) } == .syncAnchorExpired)
        await other.invalidate()
    }

    @Test("the state folder can be neither inside the root nor around it, and never shows up")
    func stateFolderPlacement() async throws {
        let inside = folders.root.appendingPathComponent("state")
        let code = await errorCode { try LocalFolderProvider(rootDirectory: folders.root, stateDirectory: inside) }
        #expect(code == .invalidArgument)
        let around = await errorCode {
            try LocalFolderProvider(rootDirectory: folders.root, stateDirectory: folders.base)
        }
        #expect(around == .invalidArgument)
        _ = try await provider.create("kept.txt", text: "x")
        let names = try await provider.workingSet().map(\.filename)
        #expect(names == ["kept.txt"])
    }

    func contentsFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try Data(text.utf8).write(to: url)
        return url
    }
}
