import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

@Suite("enumerateItems")
struct EnumerationTests {
    @Test("pages of any size list every child exactly once, by name", arguments: [1, 2, 3, 7, 50])
    func pagesByName(pageSize: Int) async throws {
        let fixture = try Fixture()
        for name in ["b", "D", "a", "c", "e", "F", "g"] { try await fixture.createFile(name) }
        let listing = try await fixture.listing(pageSize: pageSize)
        #expect(listing.map(\.filename) == ["a", "b", "c", "D", "e", "F", "g"])
        #expect(listing.allSatisfy { $0.parentItemIdentifier == .rootContainer })
    }

    @Test("by date: oldest modification first, ties by identifier")
    func byDate() async throws {
        let fixture = try Fixture()
        let first = try await fixture.createFile("z")
        fixture.clock.advance(by: .seconds(1))
        let second = try await fixture.createFile("y")
        let third = try await fixture.createFile("x")
        fixture.clock.advance(by: .seconds(1))
        try await fixture.modify(first, fields: .contents, contents: "newer")
        let names = try await fixture.listing(from: .initialPageSortedByDate, pageSize: 1).map(\.filename)
        #expect(names == [second.filename, third.filename, first.filename])
    }

    @Test("a page never holds more than suggested, and the last page ends with nil")
    func pageBounds() async throws {
        let fixture = try Fixture()
        for index in 0..<5 { try await fixture.createFile("f\(index)") }
        let enumerator = try await fixture.provider.enumerator(for: .rootContainer, request: Request())
        let recorder = PageRecorder(pageSize: 2)
        await enumerator.enumerateItems(for: recorder, startingAt: .initialPageSortedByName)
        #expect(recorder.items.map(\.filename) == ["f0", "f1"])
        let next = try #require(recorder.nextPage ?? nil)
        #expect(next.rawValue.count <= Page.maximumSize)
        let zero = PageRecorder(pageSize: 0)
        await enumerator.enumerateItems(for: zero, startingAt: next)
        #expect(zero.items.map(\.filename) == ["f2"])
        let rest = PageRecorder(pageSize: 10)
        await enumerator.enumerateItems(for: rest, startingAt: next)
        #expect(rest.items.map(\.filename) == ["f2", "f3", "f4"])
        #expect(rest.nextPage == .some(nil))
    }

    @Test("keyset pages neither skip nor repeat items that stay while others come and go")
    func keysetStability() async throws {
        let fixture = try Fixture()
        var stay: [ItemSnapshot] = []
        for index in 0..<10 { stay.append(try await fixture.createFile("f\(index)")) }
        let enumerator = try await fixture.provider.enumerator(for: .rootContainer, request: Request())
        let first = PageRecorder(pageSize: 4)
        await enumerator.enumerateItems(for: first, startingAt: .initialPageSortedByName)
        try await fixture.createFile("a-before")
        try await fixture.createFile("f45")
        try fixture.store.remote.delete(stay[8].itemIdentifier)
        let second = PageRecorder(pageSize: 100)
        await enumerator.enumerateItems(for: second, startingAt: try #require(first.nextPage ?? nil))
        let names = (first.items + second.items).map(\.filename)
        #expect(names == ["f0", "f1", "f2", "f3", "f4", "f45", "f5", "f6", "f7", "f9"])
    }

    @Test("a fresh provider continues from a page another handed out")
    func freshProviderContinues() async throws {
        let fixture = try Fixture()
        for index in 0..<4 { try await fixture.createFile("f\(index)") }
        let recorder = PageRecorder(pageSize: 2)
        try await fixture.provider.enumerator(for: .rootContainer, request: Request())
            .enumerateItems(for: recorder, startingAt: .initialPageSortedByName)
        let page = try #require(recorder.nextPage ?? nil)
        let fresh = PageRecorder(pageSize: 2)
        try await fixture.store.makeProvider().enumerator(for: .rootContainer, request: Request())
            .enumerateItems(for: fresh, startingAt: page)
        #expect(fresh.items.map(\.filename) == ["f2", "f3"])
    }

    @Test("the working set lists every item with its real parent, trashed ones included")
    func workingSet() async throws {
        let fixture = try Fixture()
        let folder = try await fixture.createFolder("folder")
        let inside = try await fixture.createFile("inside", in: folder.itemIdentifier)
        let trashed = try fixture.store.remote.trash(try await fixture.createFile("old").itemIdentifier)
        let listing = try await fixture.listing(.workingSet, pageSize: 1)
        #expect(listing == [folder, inside, trashed])
    }

    @Test("the trash lists trashed items; without trash support it is unsupported")
    func trash() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("a")
        let trashed = try fixture.store.remote.trash(file.itemIdentifier)
        #expect(try await fixture.listing(.trashContainer) == [trashed])
        let noTrash = try Fixture(supportsTrash: false)
        await noTrash.expectError(.featureUnsupported) {
            _ = try await noTrash.provider.enumerator(for: .trashContainer, request: Request())
        }
    }

    @Test("unknown and non-directory containers are noSuchItem")
    func noSuchContainer() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("a")
        await fixture.expectError(.noSuchItem) {
            _ = try await fixture.provider.enumerator(for: file.itemIdentifier, request: Request())
        }
        await fixture.expectError(.noSuchItem) {
            _ = try await fixture.provider.enumerator(for: "unknown", request: Request())
        }
        let folder = try await fixture.createFolder("folder")
        let enumerator = try await fixture.provider.enumerator(for: folder.itemIdentifier, request: Request())
        try fixture.store.remote.delete(folder.itemIdentifier)
        let recorder = PageRecorder(pageSize: 5)
        await enumerator.enumerateItems(for: recorder, startingAt: .initialPageSortedByName)
        #expect(code(of: recorder.error) == .noSuchItem)
    }

    @Test(
        "garbage, forged, other-container, other-domain and other-epoch pages expire",
        arguments: ["garbage", "forged", "container", "domain", "epoch", "order"]
    )
    func expiredPages(kind: String) async throws {
        let fixture = try Fixture()
        let folder = try await fixture.createFolder("folder")
        for index in 0..<3 { try await fixture.createFile("f\(index)") }
        let recorder = PageRecorder(pageSize: 1)
        let root = try await fixture.provider.enumerator(for: .rootContainer, request: Request())
        await root.enumerateItems(for: recorder, startingAt: .initialPageSortedByName)
        let page = try #require(recorder.nextPage ?? nil)
        var enumerator = root
        var bad = page
        switch kind {
        case "garbage": bad = try Page(Data("not a page".utf8))
        case "forged":
            var bytes = [UInt8](page.rawValue)
            bytes[20] ^= 1
            bad = try Page(Data(bytes))
        case "container":
            enumerator = try await fixture.provider.enumerator(for: folder.itemIdentifier, request: Request())
        case "domain":
            let other = InMemoryStore(domain: Domain(identifier: try DomainIdentifier("other"), displayName: "Other"))
            enumerator = try await other.makeProvider().enumerator(for: .rootContainer, request: Request())
        case "epoch": fixture.store.resetEpoch()
        default: enumerator = try await fixture.provider.enumerator(for: .workingSet, request: Request())
        }
        let result = PageRecorder(pageSize: 5)
        await enumerator.enumerateItems(for: result, startingAt: bad)
        #expect(code(of: result.error) == .pageExpired)
        #expect(result.items.isEmpty)
    }
}
