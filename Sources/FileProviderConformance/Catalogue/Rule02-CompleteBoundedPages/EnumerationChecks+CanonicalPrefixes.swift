import FileProviderKit
import Foundation

/// The ENUM checks of rule 2, *pages are complete and bounded* — names that share canonical prefixes (ENUM-40, ENUM-41).
extension EnumerationChecks {
    static let canonicalPrefixesCreated = ConformanceCheck(
        "ENUM-40",
        .enumeration,
        "a decomposed name canonically a prefix of its siblings lists once, in name order, with pages of 1 and 2",
        rule: "Rule 2 (pages)",
        clauses: ["R2.1", "R2.3"],
        rationale: "A provider that sorts with Swift's String < on Linux orders neither of \"e\\u{301}clair\" and "
            + "\"\\u{E9}clair2\" first; its sorted index and its keyset resumption disagree, so a listing in pages "
            + "of 1 skips the decomposed name and lists its siblings out of order.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Prefixes")
        let names = ["\u{E9}clair2", "e\u{301}clair", "\u{E9}clair3", "\u{E9}cole-b", "e\u{301}cole"]
        for name in names {
            _ = try await context.createFile(named: name, in: folder.itemIdentifier)
        }
        for pageSize in [1, 2] {
            try await expectCanonicalPrefixListing(context, of: folder.itemIdentifier, names: names, pageSize: pageSize)
        }
    }

    static let canonicalPrefixesRenamed = ConformanceCheck(
        "ENUM-41",
        .enumeration,
        "items renamed to names canonically prefixes of an uppercase sibling keep the root's name order in pages",
        rule: "Rule 2 (pages)",
        clauses: ["R2.1", "R2.3"],
        rationale: "Each page resumes after the last name delivered; when a rename makes that name canonically a "
            + "prefix of the next one (under the case rule, too) and the provider's comparison is not a total "
            + "order, the next page starts past a child or before one already listed.",
        requires: .writing
    ) { context in
        let first = try await context.createFile(named: "first-plain")
        let second = try await context.createFile(named: "second-plain")
        _ = try await context.createFile(named: "\u{C9}CLAIR2")
        _ = try await context.createFile(named: "\u{E9}clair3")
        _ = try await context.rename(first, to: "e\u{301}clair")
        _ = try await context.rename(second, to: "E\u{301}clair1")
        let names = ["e\u{301}clair", "E\u{301}clair1", "\u{C9}CLAIR2", "\u{E9}clair3"]
        for pageSize in [1, 2] {
            try await expectCanonicalPrefixListing(context, of: .rootContainer, names: names, pageSize: pageSize)
        }
    }

    /// Lists `container` in pages of `pageSize` and records a finding unless it holds exactly
    /// `names` (scalar for scalar, as written) in the contract's name order.
    private static func expectCanonicalPrefixListing(
        _ context: CheckContext,
        of container: ItemIdentifier,
        names: [String],
        pageSize: Int
    ) async throws {
        let listed = try await context.list(container, pageSize: pageSize).map(\.filename)
        context.expectEqual(
            Set(listed.map { $0.unicodeScalars.map(\.value) }),
            Set(names.map { $0.unicodeScalars.map(\.value) }),
            "the listing with pages of \(pageSize) lost a name canonically a prefix of another, or changed one"
        )
        context.expectEqual(listed.count, names.count, "the listing with pages of \(pageSize) lost or repeated items")
        expectNameOrder(context, listed, of: names, " (pages of \(pageSize))")
    }
}
