import FileProviderKit
import Foundation

/// The MUT checks of rule 12, *creation* — folders nested until their path passes the common path
/// limits (MUT-109).
extension MutationChecks {
    /// How many folders named with 250 bytes MUT-109 nests: a path of over 3,000 bytes, past the
    /// limits of 1,024 and 2,048 bytes a fixed buffer or a backend column often has, and still
    /// under the 4,096 bytes of a Linux path, so that a provider over a local folder can hold it.
    static let longPathChainDepth = 12

    static let longPathChain = ConformanceCheck(
        "MUT-109",
        .mutations,
        "a chain of 12 folders named with 250 bytes (a path of over 3,000 bytes) is created, written into, moved "
            + "into, renamed and listed like a shallow one, and the working set lists all of it",
        rule: "Rule 12 (creation)",
        clauses: ["R12.21", "R8.2"],
        rationale: "Folders nest to any depth the names allow: a provider that checks a path length of 1,024 or "
            + "2,048 bytes (a fixed buffer, a database column, a limit checked only on creation) refuses the "
            + "user's deep project, or lets a move put an item where no later call can reach it.",
        requires: .writing
    ) { context in
        var parent = ItemIdentifier.rootContainer
        var chain: [ItemSnapshot] = []
        for level in 1...longPathChainDepth {
            let name = EnumerationChecks.longName("p", bytes: 250, lead: "level-\(level)-", tail: "")
            let folder = try await context.createFolder(named: name, in: parent)
            chain.append(folder)
            parent = folder.itemIdentifier
        }
        let innermost = parent
        let contents = Data("at the bottom of a long path".utf8)
        let leaf = try await context.createFile(
            named: EnumerationChecks.longName("f", bytes: 250),
            in: innermost,
            contents: contents
        )
        let found = try await context.item(leaf.itemIdentifier)
        context.expectEqual(found.parentItemIdentifier, innermost, "the file at the end of the long path")
        let (data, _) = try await context.fetch(leaf.itemIdentifier)
        context.expectEqual(data, contents, "the file at the end of the long path holds other bytes")

        // A subtree moved under it: a limit checked only on creation lets it through, then fails later.
        let subtree = try await context.createFolder(named: EnumerationChecks.longName("s", bytes: 250, tail: ""))
        let inside = try await context.createFile(
            named: EnumerationChecks.longName("i", bytes: 250),
            in: subtree.itemIdentifier,
            contents: contents
        )
        let moved = try await context.move(subtree, to: innermost)
        context.expectEqual(moved.parentItemIdentifier, innermost, "the subtree moved under the long path")
        let (insideData, _) = try await context.fetch(inside.itemIdentifier)
        context.expectEqual(insideData, contents, "the file of the subtree moved under the long path holds other bytes")
        let renamed = try await context.rename(
            chain[chain.count - 1],
            to: EnumerationChecks.longName("r", bytes: 250, tail: "")
        )
        context.expectEqual(
            Set(try await context.list(renamed.itemIdentifier).map(\.itemIdentifier)),
            [leaf.itemIdentifier, subtree.itemIdentifier],
            "the innermost folder, renamed, does not list its file and the moved subtree"
        )
        context.expectEqual(
            try await context.list(subtree.itemIdentifier).map(\.itemIdentifier),
            [inside.itemIdentifier],
            "the moved subtree does not list its file"
        )
        let written = try await context.write(Data("rewritten".utf8), to: leaf)
        context.expectEqual(written.parentItemIdentifier, innermost, "the rewritten file at the end of the long path")
        let (rewritten, _) = try await context.fetch(leaf.itemIdentifier)
        context.expectEqual(rewritten, Data("rewritten".utf8), "the rewritten file holds other bytes")
        // The working set holds every item however deep: the chain, the file and the moved subtree.
        let everything = Set(
            chain.map(\.itemIdentifier) + [leaf.itemIdentifier, subtree.itemIdentifier, inside.itemIdentifier]
        )
        let workingSet = Set(try await context.list(.workingSet, pageSize: 5).map(\.itemIdentifier))
        context.expect(
            everything.isSubset(of: workingSet),
            "the working set's listing leaves out items of the long path",
            expected: "all \(everything.count) items of the chain",
            actual: "missing \(everything.subtracting(workingSet).sorted { $0.rawValue < $1.rawValue })"
        )
    }
}
