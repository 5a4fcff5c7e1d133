import FruitBasketAPI
import Testing

@Suite("Listings")
struct ListingTests {
    @Test("Name order follows the normalised names; date order the dates, then identifiers")
    func orders() async throws {
        try await TestAPI.run { api in
            let b = try await api.create("b", modified: 30)
            let a = try await api.create("a", modified: 20)
            let c = try await api.create("C", modified: 20)
            let folder = APIPaths.children(WireIdentifiers.root)
            #expect(try await api.list(folder, limit: 1).map(\.name) == ["C", "a", "b"])
            let byDate = try await api.list(folder, query: "&order=date", limit: 2).map(\.id)
            #expect(byDate == [a.id, c.id].sorted() + [b.id])
            let bad = try await api.send(.get, "\(folder)?order=size")
            #expect(try api.errorCode(bad) == .invalidRequest)
            #expect(try api.errorCode(try await api.send(.get, APIPaths.children("nope"))) == .noSuchItem)
        }
    }

    @Test("The trash lists by name too, duplicates side by side, names holding U+0001 in their place")
    func trashOrder() async throws {
        try await TestAPI.run { api in
            // "a\u{1}" follows "a" in the names' byte order; the identifier the trash's keys
            // carry must not put it first.
            for name in ["a b", "a", "a\u{1}", "a", "B", "a\u{1}\u{1}", "a\u{2}"] {
                var item = try await api.create(name)
                item.parent = WireIdentifiers.trash
                #expect(try await api.modify(item, fields: [.parent]).status == .ok)
            }
            let names = try await api.list(APIPaths.children(WireIdentifiers.trash), limit: 1).map(\.name)
            #expect(names == ["B", "a", "a", "a\u{1}", "a\u{1}\u{1}", "a\u{2}", "a b"])
        }
    }

    @Test("A listing resumed while items are added lists every item that stayed exactly once")
    func concurrentInserts() async throws {
        try await TestAPI.run { api in
            var names: Set<String> = []
            for index in 0..<40 {
                let name = "item \(String(index * 2).leftPadded(to: 3))"
                try await api.create(name)
                names.insert(name)
            }
            let folder = APIPaths.children(WireIdentifiers.root)
            var listed: [String] = []
            var cursor: String?
            var added = 0
            repeat {
                let query = cursor.map { "&cursor=\($0)" } ?? ""
                let page = try api.decode(ListingPage.self, try await api.send(.get, "\(folder)?limit=7\(query)"))
                listed += page.items.map(\.name)
                cursor = page.next
                try await api.create("item \(String(added * 2 + 1).leftPadded(to: 3))")
                added += 1
            } while cursor != nil
            #expect(Set(listed).count == listed.count)
            #expect(names.isSubset(of: Set(listed)))
            #expect(listed == listed.sorted())
        }
    }

    @Test("Cursors of another folder, order or epoch expire")
    func cursorChecks() async throws {
        try await TestAPI.run { api in
            for index in 0..<3 { try await api.create("f\(index)") }
            let folder = try await api.create("sub", kind: .folder)
            let root = APIPaths.children(WireIdentifiers.root)
            let page = try api.decode(ListingPage.self, try await api.send(.get, "\(root)?limit=1"))
            let next = try #require(page.next)
            #expect(
                try api.errorCode(try await api.send(.get, "\(APIPaths.children(folder.id))?cursor=\(next)"))
                    == .cursorExpired
            )
            #expect(try api.errorCode(try await api.send(.get, "\(root)?order=date&cursor=\(next)")) == .cursorExpired)
            #expect(try api.errorCode(try await api.send(.get, "\(root)?cursor=nonsense")) == .cursorExpired)
            #expect(try api.errorCode(try await api.send(.get, "\(root)?limit=0")) == .invalidRequest)
        }
    }

    @Test("Every item, trashed ones included, is listed by identifier")
    func workingSet() async throws {
        try await TestAPI.run { api in
            let folder = try await api.create("sub", kind: .folder)
            var created = [folder.id]
            for index in 0..<5 { created.append(try await api.create("f\(index)", in: folder.id).id) }
            var trashed = try await api.create("gone")
            trashed.parent = WireIdentifiers.trash
            _ = try await api.modify(trashed, fields: [.parent])
            created.append(trashed.id)
            #expect(try await api.list(APIPaths.items, limit: 2).map(\.id) == created.sorted())
        }
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
