import FileProviderKit
import Foundation
import LocalFolderProvider
import Testing

/// Changes another program makes directly in the directory are remote changes: a rescan records
/// them, identifiers follow renamed and moved files, and versions change exactly when content or
/// metadata do.
@Suite("Changes made by other programs")
struct ExternalChangeTests {
    let subject: ProviderUnderTest
    var provider: LocalFolderProvider { subject.provider }
    var folders: TemporaryFolders { subject.folders }

    init() throws {
        subject = try ProviderUnderTest()
    }

    @Test("a file renamed and moved into a new folder keeps its identifier and content version")
    func renameAndMove() async throws {
        let file = try await provider.create("draft.txt", text: "draft")
        let anchor = try await provider.anchor()
        let archive = folders.root.appendingPathComponent("Archive")
        try FileManager.default.createDirectory(at: archive, withIntermediateDirectories: false)
        try FileManager.default.moveItem(
            at: folders.root.appendingPathComponent("draft.txt"),
            to: archive.appendingPathComponent("final.txt")
        )
        #expect(try await provider.rescan() == 2)
        let moved = try await provider.item(for: file.itemIdentifier, request: Request())
        #expect(moved.filename == "final.txt")
        #expect(moved.itemVersion.contentVersion == file.itemVersion.contentVersion)
        #expect(moved.itemVersion.metadataVersion != file.itemVersion.metadataVersion)
        let changes = try await provider.changes(since: anchor)
        #expect(changes.deletedItemIdentifiers.isEmpty)
        // The new folder comes before the file moved into it.
        #expect(changes.updatedItems.map(\.filename) == ["Archive", "final.txt"])
        #expect(changes.updatedItems.last?.parentItemIdentifier == changes.updatedItems.first?.itemIdentifier)
    }

    @Test("an edit in place and a save by replacement both change the content version only")
    func edits() async throws {
        let file = try await provider.create("notes.txt", text: "one")
        let url = try await provider.location(of: file.itemIdentifier)
        try Data("two, longer".utf8).write(to: url)
        try await provider.rescan()
        let edited = ItemSnapshot(try await provider.item(for: file.itemIdentifier, request: Request()))
        #expect(edited.itemVersion.contentVersion != file.itemVersion.contentVersion)
        #expect(edited.filename == "notes.txt")

        let replacement = url.deletingLastPathComponent().appendingPathComponent(".notes.txt.swp")
        try Data("three".utf8).write(to: replacement)
        #expect(rename(replacement.path, url.path) == 0)
        try await provider.rescan()
        let saved = try await provider.item(for: file.itemIdentifier, request: Request())
        #expect(saved.itemVersion.contentVersion != edited.itemVersion.contentVersion)
        #expect(try await provider.text(of: file.itemIdentifier) == "three")
    }

    @Test("a new file reusing a deleted file's inode is a new item, not the old one renamed")
    func inodeReuse() async throws {
        let old = try await provider.create("old.txt", text: "old content")
        let anchor = try await provider.anchor()
        try FileManager.default.removeItem(at: folders.root.appendingPathComponent("old.txt"))
        try Data("new".utf8).write(to: folders.root.appendingPathComponent("new.txt"))
        try await provider.rescan()
        let changes = try await provider.changes(since: anchor)
        #expect(changes.deletedItemIdentifiers == [old.itemIdentifier])
        #expect(changes.updatedItems.map(\.filename) == ["new.txt"])
        #expect(changes.updatedItems.first?.itemIdentifier != old.itemIdentifier)
    }

    @Test("a rescan with no change changes nothing")
    func quietRescan() async throws {
        _ = try await provider.create("quiet.txt", text: "quiet")
        let anchor = try await provider.anchor()
        #expect(try await provider.rescan() == 0)
        #expect(try await provider.changes(since: anchor).isEmpty)
    }

    @Test("a folder deleted by another program reports every item in it")
    func recursiveDeletion() async throws {
        let folder = try await provider.create("Gone")
        let inner = try await provider.create("inner.txt", in: folder.itemIdentifier, text: "x")
        let anchor = try await provider.anchor()
        try FileManager.default.removeItem(at: folders.root.appendingPathComponent("Gone"))
        try await provider.rescan()
        let deleted = Set(try await provider.changes(since: anchor).deletedItemIdentifiers)
        #expect(deleted == [folder.itemIdentifier, inner.itemIdentifier])
    }

    @Test("an operation on an item another program moved finds it where it went")
    func operationAfterUnscannedMove() async throws {
        let file = try await provider.create("moving.txt", text: "x")
        try FileManager.default.moveItem(
            at: folders.root.appendingPathComponent("moving.txt"),
            to: folders.root.appendingPathComponent("moved.txt")
        )
        let renamed = try await provider.rename(
            ItemSnapshot(try await provider.item(for: file.itemIdentifier, request: Request())),
            to: "again.txt"
        )
        #expect(renamed.itemIdentifier == file.itemIdentifier)
        #expect(FileManager.default.fileExists(atPath: folders.root.appendingPathComponent("again.txt").path))
    }
}
