import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

/// A folder's change enumeration reports its direct children's changes only; the working set's
/// reports everything.
@Suite("folder change enumeration")
struct FolderChangeEnumerationTests {
    /// A folder `a` with a child `kept`, a child `leaving` and a subfolder `sub`; a folder `b`
    /// with a child `other`; the working set's and `a`'s anchors taken after.
    struct Scene {
        let fixture: Fixture
        let a: ItemSnapshot
        let b: ItemSnapshot
        let sub: ItemSnapshot
        let kept: ItemSnapshot
        let leaving: ItemSnapshot
        let other: ItemSnapshot
        let anchor: SyncAnchor

        init() async throws {
            fixture = try Fixture()
            a = try await fixture.createFolder("a")
            b = try await fixture.createFolder("b")
            sub = try await fixture.createFolder("sub", in: a.itemIdentifier)
            kept = try await fixture.createFile("kept", in: a.itemIdentifier)
            leaving = try await fixture.createFile("leaving", in: a.itemIdentifier)
            other = try await fixture.createFile("other", in: b.itemIdentifier)
            anchor = try await fixture.currentAnchor()
        }

        func changes(of container: ItemIdentifier, batchSize: Int = 200) async throws -> ChangeSet {
            try await fixture.store.makeProvider().enumerator(for: container, request: Request())
                .changes(since: anchor, suggestedBatchSize: batchSize)
        }
    }

    @Test("changes elsewhere, deeper down and of the folder itself are not the folder's", arguments: [1, 2, 200])
    func onlyDirectChildren(batchSize: Int) async throws {
        let scene = try await Scene()
        let remote = scene.fixture.store.remote
        try remote.rename(scene.other.itemIdentifier, to: "other-renamed")
        try remote.createFile(named: "deep", in: scene.sub.itemIdentifier)
        try remote.rename(scene.a.itemIdentifier, to: "a-renamed")
        try remote.createFile(named: "elsewhere")
        let renamed = try remote.rename(scene.kept.itemIdentifier, to: "kept-renamed")
        let created = try remote.createFile(named: "new", in: scene.a.itemIdentifier)
        let changes = try await scene.changes(of: scene.a.itemIdentifier, batchSize: batchSize)
        #expect(Set(changes.updatedItems.map(\.itemIdentifier)) == [renamed.itemIdentifier, created.itemIdentifier])
        #expect(changes.updatedItems.allSatisfy { $0.parentItemIdentifier == scene.a.itemIdentifier })
        #expect(changes.deletedItemIdentifiers.isEmpty)
        let all = try await scene.changes(of: .workingSet, batchSize: batchSize)
        #expect(all.updatedItems.count == 6)
    }

    @Test("a child that left is a deletion: moved out, trashed, or deleted", arguments: [1, 2, 200])
    func departuresAreDeletions(batchSize: Int) async throws {
        let scene = try await Scene()
        let remote = scene.fixture.store.remote
        try remote.move(scene.leaving.itemIdentifier, to: scene.b.itemIdentifier)
        try remote.trash(scene.kept.itemIdentifier)
        try remote.delete(scene.sub.itemIdentifier)
        try remote.move(scene.other.itemIdentifier, to: scene.a.itemIdentifier)
        let changes = try await scene.changes(of: scene.a.itemIdentifier, batchSize: batchSize)
        #expect(
            Set(changes.deletedItemIdentifiers)
                == [scene.leaving.itemIdentifier, scene.kept.itemIdentifier, scene.sub.itemIdentifier]
        )
        #expect(changes.updatedItems.map(\.itemIdentifier) == [scene.other.itemIdentifier])
        let inB = try await scene.changes(of: scene.b.itemIdentifier, batchSize: batchSize)
        #expect(inB.updatedItems.map(\.itemIdentifier) == [scene.leaving.itemIdentifier])
        #expect(inB.deletedItemIdentifiers == [scene.other.itemIdentifier])
        let trash = try await scene.changes(of: .trashContainer, batchSize: batchSize)
        #expect(trash.updatedItems.map(\.itemIdentifier) == [scene.kept.itemIdentifier])
        #expect(trash.deletedItemIdentifiers.isEmpty)
    }

    @Test("a child that left and came back is an update, never a deletion")
    func leftAndCameBack() async throws {
        let scene = try await Scene()
        let remote = scene.fixture.store.remote
        try remote.move(scene.leaving.itemIdentifier, to: scene.b.itemIdentifier)
        try remote.move(scene.leaving.itemIdentifier, to: scene.a.itemIdentifier)
        let changes = try await scene.changes(of: scene.a.itemIdentifier)
        #expect(changes.updatedItems.map(\.itemIdentifier) == [scene.leaving.itemIdentifier])
        #expect(changes.deletedItemIdentifiers.isEmpty)
    }
}
