import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

/// Bad pages and anchors, as a matrix: every truncation and every single-bit flip of a valid
/// token, the token extended, another container's or another store's token, and garbage. Each
/// case fails with exactly `pageExpired` / `syncAnchorExpired` and leaves the store and its
/// listing as they were. (`Fuzz/` throws millions of mutated tokens at the same decoding.)
@Suite("Bad-token matrix")
struct TokenMatrixTests {
    /// Variants of `token` that the provider must refuse, none equal to a valid token.
    static func variants(of token: Data, foreign: [Data]) -> [Data] {
        let bytes = [UInt8](token)
        var cases = (0..<bytes.count).map { Data(bytes.prefix($0)) }
        for index in bytes.indices {
            for mask: UInt8 in [1 << UInt8(index % 8), 0xFF] {
                var flipped = bytes
                flipped[index] ^= mask
                cases.append(Data(flipped))
            }
        }
        cases += [token + [0], token + [0xFF], Data(repeating: 0xFF, count: 500), Data("garbage".utf8)]
        return cases + foreign
    }

    /// A store of another domain, with three files.
    static func otherDomain() throws -> InMemoryStore {
        let store = InMemoryStore(domain: Domain(identifier: try DomainIdentifier("other"), displayName: "Other"))
        for index in 0..<3 { try store.remote.createFile(named: "f\(index)") }
        return store
    }

    @Test("≥ 100 bad pages: each fails with pageExpired and changes nothing")
    func badPages() async throws {
        let fixture = try Fixture()
        let folder = try await fixture.createFolder("Docs")
        for index in 0..<5 {
            try await fixture.createFile("f\(index)")
            try await fixture.createFile("g\(index)", in: folder.itemIdentifier)
        }
        let root = try await fixture.provider.enumerator(for: .rootContainer, request: Request())
        var pages = root.pages(suggestedPageSize: 2).makeAsyncIterator()
        let valid = try #require(try await pages.next()?.nextPage)
        let docs = try await fixture.provider.enumerator(for: folder.itemIdentifier, request: Request())
        var docsPages = docs.pages(suggestedPageSize: 2).makeAsyncIterator()
        let otherContainer = try #require(try await docsPages.next()?.nextPage)
        let other = try Self.otherDomain()
        let otherRoot = try await other.makeProvider().enumerator(for: .rootContainer, request: Request())
        var otherPages = otherRoot.pages(suggestedPageSize: 1).makeAsyncIterator()
        let otherStore = try #require(try await otherPages.next()?.nextPage)

        let cases = Self.variants(of: valid.rawValue, foreign: [otherContainer.rawValue, otherStore.rawValue])
        #expect(cases.count >= 100)
        let listing = try await fixture.listing(.workingSet)
        for bytes in cases {
            let page = try Page(bytes)
            await fixture.expectError(.pageExpired) { _ = try await root.allItems(startingAt: page) }
        }
        #expect(try await fixture.listing(.workingSet) == listing)
        #expect(try await root.allItems(startingAt: valid).count == 4)
    }

    @Test("≥ 100 bad anchors: each fails with syncAnchorExpired and changes nothing")
    func badAnchors() async throws {
        let fixture = try Fixture()
        let anchor = try await fixture.currentAnchor()
        for index in 0..<5 { try await fixture.createFile("f\(index)") }
        let foreign = try #require(
            try await Self.otherDomain().makeProvider().enumerator(for: .workingSet, request: Request())
                .currentSyncAnchor()
        )

        let cases = Self.variants(of: anchor.rawValue, foreign: [foreign.rawValue])
        #expect(cases.count >= 100)
        let listing = try await fixture.listing(.workingSet)
        let enumerator = try await fixture.provider.enumerator(for: .workingSet, request: Request())
        for bytes in cases {
            let bad = try SyncAnchor(bytes)
            await fixture.expectError(.syncAnchorExpired) { _ = try await enumerator.changeBatch(from: bad) }
        }
        #expect(try await fixture.listing(.workingSet) == listing)
        #expect(try await fixture.changes(since: anchor).updatedItems.count == 5)
    }
}
