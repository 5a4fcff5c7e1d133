import FileProviderBackendSupport
import FileProviderKit
import Foundation
import Testing

@testable import InMemoryFileProvider

@Suite("enumerateChanges")
struct ChangeEnumerationTests {
    @Test("with no writes the changes are empty and the anchor stays the same")
    func noWrites() async throws {
        let fixture = try Fixture()
        try await fixture.createFile("a")
        let anchor = try await fixture.currentAnchor()
        let batch = try await fixture.provider.enumerator(for: .workingSet, request: Request()).changeBatch(
            from: anchor
        )
        #expect(batch.updatedItems.isEmpty && batch.deletedItemIdentifiers.isEmpty)
        #expect(batch.anchor == anchor)
        #expect(!batch.moreComing)
        #expect(anchor.rawValue.count <= SyncAnchor.maximumSize)
    }

    @Test("creates, edits, renames, moves, trash and deletions are all reported, coalesced per item")
    func everyKindOfChange() async throws {
        let fixture = try Fixture()
        let folder = try await fixture.createFolder("folder")
        let moved = try await fixture.createFile("moved")
        let trashed = try await fixture.createFile("trashed")
        let deleted = try await fixture.createFile("deleted")
        let anchor = try await fixture.currentAnchor()
        let created = try await fixture.createFile("created")
        try await fixture.modify(created, fields: .contents, contents: "edited")
        try fixture.store.remote.move(moved.itemIdentifier, to: folder.itemIdentifier)
        try fixture.store.remote.rename(moved.itemIdentifier, to: "renamed")
        try fixture.store.remote.trash(trashed.itemIdentifier)
        try fixture.store.remote.delete(deleted.itemIdentifier)
        let changes = try await fixture.changes(since: anchor)
        let updates = Dictionary(uniqueKeysWithValues: changes.updatedItems.map { ($0.itemIdentifier, $0) })
        #expect(changes.updatedItems.count == 3)
        #expect(updates[created.itemIdentifier] == (try await fixture.item(created.itemIdentifier)))
        #expect(updates[moved.itemIdentifier]?.parentItemIdentifier == folder.itemIdentifier)
        #expect(updates[moved.itemIdentifier]?.filename == "renamed")
        #expect(updates[trashed.itemIdentifier]?.parentItemIdentifier == .trashContainer)
        #expect(changes.deletedItemIdentifiers == [deleted.itemIdentifier])
    }

    @Test("batches honour the suggested size and continue from a fresh provider", arguments: [1, 2, 3, 10])
    func batches(batchSize: Int) async throws {
        let fixture = try Fixture()
        let anchor = try await fixture.currentAnchor()
        for index in 0..<9 { try await fixture.createFile("f\(index)") }
        var current = anchor
        var seen: [String] = []
        var moreComing = true
        while moreComing {
            let batch = try await fixture.store.makeProvider().enumerator(for: .workingSet, request: Request())
                .changeBatch(from: current, suggestedBatchSize: batchSize)
            #expect(batch.updatedItems.count <= batchSize)
            if batch.moreComing { #expect(batch.anchor != current) }
            seen += batch.updatedItems.map(\.filename)
            current = batch.anchor
            moreComing = batch.moreComing
        }
        #expect(seen == (0..<9).map { "f\($0)" })
    }

    @Test("parents come before children even when the parent changed last", arguments: [1, 2, 50])
    func parentsFirst(batchSize: Int) async throws {
        let fixture = try Fixture()
        let anchor = try await fixture.currentAnchor()
        let top = try await fixture.createFolder("top")
        let middle = try await fixture.createFolder("middle", in: top.itemIdentifier)
        try await fixture.createFile("leaf", in: middle.itemIdentifier)
        try fixture.store.remote.rename(middle.itemIdentifier, to: "middle2")
        try fixture.store.remote.rename(top.itemIdentifier, to: "top2")
        var known: Set<ItemIdentifier> = [.rootContainer, .trashContainer]
        var current = anchor
        var moreComing = true
        while moreComing {
            let batch = try await fixture.provider.enumerator(for: .workingSet, request: Request())
                .changeBatch(from: current, suggestedBatchSize: batchSize)
            for item in batch.updatedItems {
                #expect(known.contains(item.parentItemIdentifier), "\(item.filename) before its parent")
                known.insert(item.itemIdentifier)
            }
            current = batch.anchor
            moreComing = batch.moreComing
        }
        #expect(known.count == 5)
    }

    @Test(
        "a folder that left a folder before its deletion, and was deleted after a subfolder left it, loses nothing",
        arguments: [1, 2, 7]
    )
    func folderDeletedAfterLeavingADeletedFolder(batchSize: Int) async throws {
        let fixture = try Fixture()
        let outer = try await fixture.createFolder("outer")
        let folder = try await fixture.createFolder("folder", in: outer.itemIdentifier)
        let inner = try await fixture.createFolder("inner", in: folder.itemIdentifier)
        let file = try await fixture.createFile("file", in: inner.itemIdentifier)
        var parents: [ItemIdentifier: ItemIdentifier] = [:]
        for item in [outer, folder, inner, file] { parents[item.itemIdentifier] = item.parentItemIdentifier }
        let anchor = try await fixture.currentAnchor()
        let remote = fixture.store.remote
        _ = try remote.move(folder.itemIdentifier, to: .rootContainer)
        try remote.delete(outer.itemIdentifier)
        _ = try remote.move(inner.itemIdentifier, to: .rootContainer)
        try remote.delete(folder.itemIdentifier)

        // A consumer applies a batch's updates, then its deletions, each with its contents.
        var current = anchor
        var moreComing = true
        while moreComing {
            let batch = try await fixture.provider.enumerator(for: .workingSet, request: Request())
                .changeBatch(from: current, suggestedBatchSize: batchSize)
            #expect(Set(batch.updatedItems.map(\.itemIdentifier)).isDisjoint(with: batch.deletedItemIdentifiers))
            for item in batch.updatedItems {
                #expect(item.parentItemIdentifier.isReservedContainer || parents[item.parentItemIdentifier] != nil)
                parents[item.itemIdentifier] = item.parentItemIdentifier
            }
            var doomed = Set(batch.deletedItemIdentifiers)
            while let child = parents.first(where: { doomed.contains($0.value) && !doomed.contains($0.key) })?.key {
                doomed.insert(child)
            }
            for identifier in doomed { parents[identifier] = nil }
            current = batch.anchor
            moreComing = batch.moreComing
        }
        #expect(parents == [inner.itemIdentifier: .rootContainer, file.itemIdentifier: inner.itemIdentifier])
    }

    @Test(
        "garbage, forged, other-domain, other-epoch, future and too-old anchors expire",
        arguments: ["garbage", "forged", "domain", "epoch", "future", "retention"]
    )
    func expiredAnchors(kind: String) async throws {
        let fixture = try Fixture(changeHistoryLimit: 3)
        try await fixture.createFile("a")
        var anchor = try await fixture.currentAnchor()
        var enumerator = try await fixture.provider.enumerator(for: .workingSet, request: Request())
        switch kind {
        case "garbage": anchor = try SyncAnchor(Data([1, 2, 3]))
        case "forged":
            var bytes = [UInt8](anchor.rawValue)
            bytes[6] ^= 1
            anchor = try SyncAnchor(Data(bytes))
        case "future":
            let scope = TokenScope(domain: TokenBytes.fingerprint("test"), epoch: 1)
            let token = AnchorToken(scope: scope, position: 99, marker: nil)
            anchor = try #require(token.anchor)
        case "domain":
            let other = InMemoryStore(domain: Domain(identifier: try DomainIdentifier("other"), displayName: "Other"))
            enumerator = try await other.makeProvider().enumerator(for: .workingSet, request: Request())
        case "epoch": fixture.store.resetEpoch()
        default:
            for index in 0..<4 { try await fixture.createFile("f\(index)") }
        }
        let before = fixture.store.snapshot()
        do {
            _ = try await enumerator.changeBatch(from: anchor)
            Issue.record("expected syncAnchorExpired")
        } catch {
            #expect(code(of: error) == .syncAnchorExpired)
        }
        #expect(fixture.store.snapshot() == before)
    }

    @Test("an anchor within the retained history still works after older entries are dropped")
    func retentionKeepsRecentAnchors() async throws {
        let fixture = try Fixture(changeHistoryLimit: 3)
        for index in 0..<5 { try await fixture.createFile("f\(index)") }
        let anchor = try await fixture.currentAnchor()
        try await fixture.createFile("g1")
        try await fixture.createFile("g2")
        let changes = try await fixture.changes(since: anchor)
        #expect(changes.updatedItems.map(\.filename) == ["g1", "g2"])
        #expect(fixture.store.snapshot().changeLog.count == 3)
    }

    @Test("a recursively deleted subtree reports every descendant, never as updated")
    func recursiveDeleteReported() async throws {
        let fixture = try Fixture()
        let anchor = try await fixture.currentAnchor()
        let folder = try await fixture.createFolder("folder")
        let inner = try await fixture.createFile("inner", in: folder.itemIdentifier)
        try fixture.store.remote.delete(folder.itemIdentifier)
        let batch = try await fixture.provider.enumerator(for: .workingSet, request: Request()).changeBatch(
            from: anchor
        )
        #expect(batch.updatedItems.isEmpty)
        #expect(Set(batch.deletedItemIdentifiers) == [folder.itemIdentifier, inner.itemIdentifier])
    }
}
