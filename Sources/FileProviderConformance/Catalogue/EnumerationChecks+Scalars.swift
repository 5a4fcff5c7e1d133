import FileProviderKit
import Foundation

/// Enumeration checks of name order beyond ASCII: characters past U+FFFF, fullwidth letters and
/// decomposed accents, where UTF-16 code-unit order and the contract's order disagree.
extension EnumerationChecks {
    static let scalarChecks: [ConformanceCheck] = [scalarNameOrder, scalarNameOrderAcrossPages]

    /// Names whose UTF-16 code-unit order differs from Unicode scalar order of their canonical
    /// form: an emoji (a surrogate pair, below U+FF21 in UTF-16, above it as a scalar), a fullwidth
    /// letter, and decomposed accents (before "f" as written, after it when composed).
    static let scalarNames = [
        "b.txt", "\u{FF21}.txt", "\u{1F600}.txt", "e\u{301}x.txt", "f.txt", "\u{FF5A}.txt", "\u{1F4C1} notes.txt",
        "o\u{308}l.txt", "\u{E9}y.txt",
    ]

    static let scalarNameOrder = ConformanceCheck(
        "ENUM-19",
        .enumeration,
        "names with emoji, fullwidth letters and decomposed accents list in the contract's name order",
        rule: "Rule 2 (pages)",
        clauses: ["R2.3"],
        rationale: "A provider that compares names as UTF-16 code units (as NSString and JavaScript do) sorts an "
            + "emoji before a fullwidth letter and a decomposed accent before its neighbours; the system, which "
            + "resumes pages in the contract's order, shows rows twice or not at all.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Scalars")
        for name in scalarNames {
            _ = try await context.createFile(named: name, in: folder.itemIdentifier)
        }
        let listed = try await context.list(folder.itemIdentifier, pageSize: 100).map(\.filename)
        expectNameOrder(context, listed, of: scalarNames)
    }

    static let scalarNameOrderAcrossPages = ConformanceCheck(
        "ENUM-20",
        .enumeration,
        "names with emoji, fullwidth letters and decomposed accents keep the contract's name order across pages",
        rule: "Rule 2 (pages)",
        clauses: ["R2.3", "R2.1"],
        rationale: "Pages resume after the last name delivered; a provider whose order is not the contract's "
            + "resumes at the wrong place when a page ends between an emoji and a fullwidth letter.",
        requires: .writing
    ) { context in
        for name in scalarNames {
            _ = try await context.createFile(named: name)
        }
        for pageSize in [1, 2, 4] {
            let listed = try await context.list(.rootContainer, pageSize: pageSize).map(\.filename)
            expectNameOrder(context, listed, of: scalarNames, " of the root (page size \(pageSize))")
        }
    }
}
