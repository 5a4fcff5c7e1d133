import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

@Suite("deleteItem")
struct DeleteItemTests {
    @Test("deletes a file permanently and logs a tombstone")
    func deletesFile() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("a.txt", contents: "x")
        try await fixture.provider.deleteItem(
            identifier: file.itemIdentifier,
            baseVersion: file.itemVersion,
            options: [],
            request: Request()
        )
        let snapshot = fixture.store.snapshot()
        #expect(snapshot.items.isEmpty)
        #expect(snapshot.contents.isEmpty)
        #expect(snapshot.changeLog.last?.isDeletion == true)
        await fixture.expectError(.noSuchItem) { _ = try await fixture.item(file.itemIdentifier) }
    }

    @Test("a non-empty folder needs .recursive; recursion deletes every descendant")
    func recursive() async throws {
        let fixture = try Fixture()
        let top = try await fixture.createFolder("top")
        let middle = try await fixture.createFolder("middle", in: top.itemIdentifier)
        let leaf = try await fixture.createFile("leaf.txt", in: middle.itemIdentifier)
        let anchor = try await fixture.currentAnchor()
        await fixture.expectError(.directoryNotEmpty) {
            try await fixture.provider.deleteItem(
                identifier: top.itemIdentifier,
                baseVersion: top.itemVersion,
                options: [],
                request: Request()
            )
        }
        try await fixture.provider.deleteItem(
            identifier: top.itemIdentifier,
            baseVersion: top.itemVersion,
            options: .recursive,
            request: Request()
        )
        #expect(fixture.store.snapshot().items.isEmpty)
        let changes = try await fixture.changes(since: anchor)
        #expect(
            Set(changes.deletedItemIdentifiers)
                == [top.itemIdentifier, middle.itemIdentifier, leaf.itemIdentifier]
        )
        #expect(changes.updatedItems.isEmpty)
    }

    @Test("a stale base version is rejected with the current item")
    func staleVersion() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("a.txt")
        let current = try fixture.store.remote.rename(file.itemIdentifier, to: "b.txt")
        let before = fixture.store.snapshot()
        do {
            try await fixture.provider.deleteItem(
                identifier: file.itemIdentifier,
                baseVersion: file.itemVersion,
                options: [],
                request: Request()
            )
            Issue.record("expected deletionRejected")
        } catch let error as FileProviderError {
            #expect(error.code == .deletionRejected)
            #expect(error.item == current)
        }
        #expect(fixture.store.snapshot() == before)
    }

    @Test("deleting an unknown identifier succeeds and changes nothing")
    func unknownSucceeds() async throws {
        let fixture = try Fixture()
        try await fixture.createFile("a.txt")
        let before = fixture.store.snapshot()
        try await fixture.provider.deleteItem(
            identifier: "gone",
            baseVersion: ItemVersion(),
            options: [],
            request: Request()
        )
        #expect(fixture.store.snapshot() == before)
    }

    @Test("the root, the working set and the trash cannot be deleted")
    func reserved() async throws {
        let fixture = try Fixture()
        for reserved in [ItemIdentifier.rootContainer, .workingSet, .trashContainer] {
            await fixture.expectError(.fileWriteNoPermission) {
                try await fixture.provider.deleteItem(
                    identifier: reserved,
                    baseVersion: ItemVersion(),
                    options: .recursive,
                    request: Request()
                )
            }
        }
    }
}
