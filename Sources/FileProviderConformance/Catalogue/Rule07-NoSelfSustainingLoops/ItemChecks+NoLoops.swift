import FileProviderKit
import Foundation

/// The ITEM checks of rule 7, *no self-sustaining loops* (ITEM-10).
extension ItemChecks {
    static let readsDoNotBumpVersions = ConformanceCheck(
        "ITEM-10",
        .items,
        "reading, listing and fetching never change an item's version",
        rule: "Rules 7 and 10 (no loops, versions)",
        clauses: ["R7.2"],
        rationale: "A version that moves on reads makes the system re-download after every open and turns the "
            + "working set into a loop of changes.",
        tier: .smoke
    ) { context in
        if context.capabilities.contains(.writing) {
            _ = try await context.createFile(named: "stable.txt")
        }
        let before = ItemDigest.map(try await context.tree())
        for (identifier, digest) in before {
            let first = try await context.item(identifier)
            let second = try await context.item(identifier)
            context.expectEqual(
                second.itemVersion,
                first.itemVersion,
                "two lookups of \(identifier) returned different versions"
            )
            context.expectEqual(
                first.itemVersion,
                digest.version,
                "a lookup of \(identifier) returned another version than its listing"
            )
            if !digest.isDirectory { _ = try await context.fetch(identifier) }
        }
        let after = ItemDigest.map(try await context.tree())
        let differences = ItemDigest.differences(after, before)
        context.expect(differences.isEmpty, "reads changed items", actual: differences.joined(separator: "; "))
    }
}
