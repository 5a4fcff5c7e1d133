import FileProviderKit
import Foundation
import LocalFolderProvider
import Testing

/// Bad pages and anchors, as a matrix: every truncation of a valid token and three flips of each of
/// its bytes, the token extended, another container's or another domain's token, and garbage.
/// Each case fails with exactly `pageExpired` / `syncAnchorExpired` and leaves the listing as it
/// was. (`Fuzz/` throws millions of mutated tokens at the same decoding.)
@Suite("Bad-token matrix")
struct TokenMatrixTests {
    let subjects: (ProviderUnderTest, ProviderUnderTest)
    var provider: LocalFolderProvider { subjects.0.provider }
    var other: LocalFolderProvider { subjects.1.provider }

    init() throws {
        subjects = (try ProviderUnderTest(), try ProviderUnderTest())
    }

    /// Truncations, flips, extensions and garbage made from `token`, then `foreign`.
    static func badTokens(from token: Data, foreign: [Data]) -> [Data] {
        let bytes = [UInt8](token)
        var bad: [Data] = []
        for (index, byte) in bytes.enumerated() {
            bad.append(Data(bytes[..<index]))
            for changed in [byte ^ 0x01, byte ^ 0x80, ~byte] {
                bad.append(Data(bytes[..<index] + [changed] + bytes[(index + 1)...]))
            }
        }
        return bad + [token + [0], token + [1, 2, 3], Data(repeating: 0, count: 500), Data("LFPG".utf8)] + foreign
    }

    /// Runs `body`, expects exactly `code`, and expects the working set unchanged.
    func expectRefused(_ code: FileProviderError.Code, _ body: () async throws -> some Any) async throws {
        let before = try await provider.workingSet()
        #expect(await errorCode(body) == code)
        #expect(try await provider.workingSet() == before)
    }

    @Test("≥ 100 bad pages: each fails with pageExpired and changes nothing")
    func badPages() async throws {
        let folder = try await provider.create("Docs")
        for index in 0..<4 {
            _ = try await provider.create("f\(index).txt", text: "\(index)")
            _ = try await provider.create("g\(index).txt", in: folder.itemIdentifier, text: "\(index)")
            _ = try await other.create("h\(index).txt", text: "\(index)")
        }
        let root = try await provider.enumerator(for: .rootContainer, request: Request())
        let valid = try await Self.secondPage(of: root)
        let docs = try await Self.secondPage(of: provider.enumerator(for: folder.itemIdentifier, request: Request()))
        let foreign = try await Self.secondPage(of: other.enumerator(for: .rootContainer, request: Request()))
        let cases = Self.badTokens(from: valid.rawValue, foreign: [docs.rawValue, foreign.rawValue])
        #expect(cases.count >= 100)
        for bytes in cases {
            let page = try Page(bytes)
            try await expectRefused(.pageExpired) { try await root.allItems(startingAt: page) }
        }
        #expect(try await root.allItems(startingAt: valid).count == 3)
    }

    @Test("≥ 100 bad anchors: each fails with syncAnchorExpired and changes nothing")
    func badAnchors() async throws {
        let anchor = try await provider.anchor()
        for index in 0..<4 { _ = try await provider.create("f\(index).txt", text: "\(index)") }
        _ = try await other.create("x.txt", text: "x")
        let cases = Self.badTokens(from: anchor.rawValue, foreign: [try await other.anchor().rawValue])
        #expect(cases.count >= 100)
        let enumerator = try await provider.enumerator(for: .workingSet, request: Request())
        for bytes in cases {
            let bad = try SyncAnchor(bytes)
            try await expectRefused(.syncAnchorExpired) { try await enumerator.changeBatch(from: bad) }
        }
        #expect(try await provider.changes(since: anchor).updatedItems.count == 4)
    }

    /// The page after the first of a listing in pages of two.
    static func secondPage(of enumerator: any Enumerator) async throws -> Page {
        var pages = enumerator.pages(suggestedPageSize: 2).makeAsyncIterator()
        return try #require(try await pages.next()?.nextPage)
    }
}
