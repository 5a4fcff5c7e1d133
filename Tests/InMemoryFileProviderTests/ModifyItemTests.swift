import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

@Suite("modifyItem")
struct ModifyItemTests {
    @Test("a rename changes the metadata version only")
    func rename() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("a.txt", contents: "x")
        let result = try await fixture.modify(file, fields: .filename) { $0.filename = "b.txt" }
        let renamed = ItemSnapshot(result.item)
        #expect(renamed.itemIdentifier == file.itemIdentifier)
        #expect(renamed.filename == "b.txt")
        #expect(renamed.itemVersion.contentVersion == file.itemVersion.contentVersion)
        #expect(renamed.itemVersion.metadataVersion != file.itemVersion.metadataVersion)
        #expect(result.stillPendingFields.isEmpty)
        #expect(!result.shouldFetchContent)
        #expect(try await fixture.names() == ["b.txt"])
    }

    @Test("new content changes both versions, the size and the modification date")
    func content() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("a.txt", contents: "x")
        fixture.clock.advance(by: .seconds(10))
        let changed = ItemSnapshot(try await fixture.modify(file, fields: .contents, contents: "hello").item)
        #expect(changed.itemVersion == ItemVersion(contentRevision: 2, metadataRevision: 2))
        #expect(changed.documentSize == 5)
        #expect(changed.contentModificationDate == fixture.clock.now())
        #expect(try await fixture.contents(of: file.itemIdentifier) == "hello")
    }

    @Test("the same content or an unchanged field keeps the version and logs nothing")
    func noChangeKeepsVersion() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("a.txt", contents: "x")
        let before = fixture.store.snapshot()
        let same = ItemSnapshot(try await fixture.modify(file, fields: [.contents, .filename], contents: "x").item)
        #expect(same == file)
        #expect(fixture.store.snapshot() == before)
    }

    @Test("every changed field applies in one call")
    func allFieldsAtOnce() async throws {
        let fixture = try Fixture()
        let folder = try await fixture.createFolder("Folder")
        let file = try await fixture.createFile("a.txt", contents: "x")
        let result = try await fixture.modify(
            file,
            fields: [.filename, .parentItemIdentifier, .contents, .tagData, .favoriteRank],
            contents: "new"
        ) {
            $0.filename = "b.txt"
            $0.parentItemIdentifier = folder.itemIdentifier
            $0.tagData = Data([7])
            $0.favoriteRank = 3
        }
        let item = ItemSnapshot(result.item)
        #expect(item.filename == "b.txt")
        #expect(item.parentItemIdentifier == folder.itemIdentifier)
        #expect(item.tagData == Data([7]))
        #expect(item.favoriteRank == 3)
        #expect(try await fixture.contents(of: file.itemIdentifier) == "new")
        #expect(try await fixture.names() == ["Folder"])
        #expect(try await fixture.names(folder.itemIdentifier) == ["b.txt"])
    }

    @Test("fields outside the known set come back as still pending")
    func unknownFieldsPending() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("a.txt")
        let unknown = ItemFields(rawValue: 1 << 20)
        let result = try await fixture.modify(file, fields: [.filename, unknown]) { $0.filename = "b.txt" }
        #expect(result.stillPendingFields == unknown)
    }

    @Test("trash and restore keep the identifier; a case-only rename is allowed")
    func trashAndRestore() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("a.txt")
        let trashed = ItemSnapshot(
            try await fixture.modify(file, fields: .parentItemIdentifier) {
                $0.parentItemIdentifier = .trashContainer
            }.item
        )
        #expect(try await fixture.listing(.trashContainer) == [trashed])
        #expect(try await fixture.names().isEmpty)
        let restored = ItemSnapshot(
            try await fixture.modify(trashed, fields: [.parentItemIdentifier, .filename]) {
                $0.parentItemIdentifier = .rootContainer
                $0.filename = "A.txt"
            }.item
        )
        #expect(restored.itemIdentifier == file.itemIdentifier)
        #expect(try await fixture.names() == ["A.txt"])
    }

    @Test("stale base version with failOnConflict fails and carries the server's item")
    func failOnConflict() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("a.txt", contents: "v1")
        let server = try fixture.store.remote.modifyContents(of: file.itemIdentifier, to: Data("v2".utf8))
        let before = fixture.store.snapshot()
        do {
            try await fixture.modify(file, fields: .contents, contents: "mine", options: .failOnConflict)
            Issue.record("expected a conflict")
        } catch let error as FileProviderError {
            #expect(error.code == .localVersionConflictingWithServer)
            #expect(error.item == server)
        }
        #expect(fixture.store.snapshot() == before)
    }

    @Test("stale content without failOnConflict loses no bytes: a conflict copy and a fetch")
    func conflictCopy() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("a.txt", contents: "v1")
        try fixture.store.remote.modifyContents(of: file.itemIdentifier, to: Data("server".utf8))
        let result = try await fixture.modify(file, fields: .contents, contents: "local")
        #expect(result.shouldFetchContent)
        #expect(try await fixture.contents(of: file.itemIdentifier) == "server")
        let listing = try await fixture.listing()
        #expect(listing.map(\.filename) == ["a (conflicted copy).txt", "a.txt"])
        #expect(try await fixture.contents(of: listing[0].itemIdentifier) == "local")
        let second = try await fixture.modify(file, fields: .contents, contents: "again")
        #expect(second.shouldFetchContent)
        #expect(try await fixture.names().contains("a (conflicted copy 2).txt"))
    }

    @Test("bad modifications fail with a specific error and change nothing")
    func badModifications() async throws {
        let fixture = try Fixture()
        let parent = try await fixture.createFolder("P")
        let child = try await fixture.createFolder("C", in: parent.itemIdentifier)
        let file = try await fixture.createFile("f.txt", in: parent.itemIdentifier)
        let other = try await fixture.createFile("g.txt", in: parent.itemIdentifier)
        await fixture.expectError(.invalidArgument) {
            try await fixture.modify(parent, fields: .parentItemIdentifier) {
                $0.parentItemIdentifier = child.itemIdentifier
            }
        }
        await fixture.expectError(.invalidArgument) {
            try await fixture.modify(parent, fields: .parentItemIdentifier) {
                $0.parentItemIdentifier = parent.itemIdentifier
            }
        }
        await fixture.expectError(.invalidArgument) {
            try await fixture.modify(file, fields: .filename) { $0.contentType = .folder }
        }
        await fixture.expectError(.noSuchItem) {
            try await fixture.modify(file, fields: .parentItemIdentifier) { $0.parentItemIdentifier = "nope" }
        }
        await fixture.expectError(.noSuchItem) {
            try await fixture.modify(file, fields: .parentItemIdentifier) {
                $0.parentItemIdentifier = other.itemIdentifier
            }
        }
        await fixture.expectError(.noSuchItem) {
            try await fixture.modify(file, fields: .filename) { $0.itemIdentifier = "nope" }
        }
        await fixture.expectError(.filenameCollision) {
            try await fixture.modify(file, fields: .filename) { $0.filename = "G.TXT" }
        }
        await fixture.expectError(.invalidArgument) {
            try await fixture.modify(file, fields: .contents)
        }
        for reserved in [ItemIdentifier.rootContainer, .workingSet, .trashContainer] {
            await fixture.expectError(.fileWriteNoPermission) {
                try await fixture.modify(parent, fields: .filename) {
                    $0.itemIdentifier = reserved
                    $0.filename = "x"
                }
            }
        }
    }

    @Test("trashing in a domain without trash is unsupported")
    func trashUnsupported() async throws {
        let fixture = try Fixture(supportsTrash: false)
        let file = try await fixture.createFile("a.txt")
        await fixture.expectError(.featureUnsupported) {
            try await fixture.modify(file, fields: .parentItemIdentifier) {
                $0.parentItemIdentifier = .trashContainer
            }
        }
    }
}
