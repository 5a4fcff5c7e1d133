import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

/// Names where one is, once composed, a prefix of another written precomposed: Swift's `String`
/// `<` orders neither before the other on Linux, so an index keyed by it lists them out of order
/// and a keyset page resuming after one of them skips the other.
@Suite("name order of canonically equivalent prefixes")
struct CanonicalNameOrderTests {
    static let names = ["\u{E9}clair2", "e\u{301}clair", "\u{E9}clair3"]

    @Test(
        "every child is listed once, composed prefix first, for any page size",
        arguments: [FilenameCaseRule.caseInsensitive, .caseSensitive],
        [1, 2, 3]
    )
    func pages(caseRule: FilenameCaseRule, pageSize: Int) async throws {
        let fixture = try Fixture(caseRule: caseRule)
        for name in Self.names { try await fixture.createFile(name) }
        let listed = try await fixture.listing(pageSize: pageSize).map(\.filename)
        let expected = ["e\u{301}clair", "\u{E9}clair2", "\u{E9}clair3"]
        #expect(listed.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) })
    }

    @Test("the decomposed and the precomposed spelling of one name collide")
    func equivalentNamesCollide() async throws {
        let fixture = try Fixture(caseRule: .caseSensitive)
        try await fixture.createFile("e\u{301}clair")
        await fixture.expectError(.filenameCollision) { try await fixture.createFile("\u{E9}clair") }
    }
}
