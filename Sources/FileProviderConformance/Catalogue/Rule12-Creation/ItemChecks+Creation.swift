import FileProviderKit
import Foundation

/// The ITEM checks of rule 12, *creation* (ITEM-02).
extension ItemChecks {
    static let threeWayAgreement = ConformanceCheck(
        "ITEM-02",
        .items,
        "the item returned by a creation, by a lookup and by a listing agree",
        rule: "Rules 9 and 10 (identifiers, versions)",
        clauses: ["R12.1"],
        rationale: "The system keeps whichever copy it saw last; when the three disagree on name, parent, kind or "
            + "version it re-downloads content or shows stale names."
    ) { context in
        if context.capabilities.contains(.writing) {
            let folder = try await context.createFolder(named: "Agreement")
            _ = try await context.createFile(named: "note.txt", in: folder.itemIdentifier, contents: Data("abc".utf8))
        }
        for listed in try await context.tree() {
            let looked = try await context.item(listed.itemIdentifier)
            context.expectEqual(
                ItemDigest(looked),
                ItemDigest(listed),
                "item(for: \(listed.itemIdentifier)) differs from its listing entry"
            )
        }
        if context.capabilities.contains(.writing) {
            let created = try await context.createFile(named: "direct.txt")
            let looked = try await context.item(created.itemIdentifier)
            context.expectEqual(
                ItemDigest(looked),
                ItemDigest(created),
                "item(for:) differs from what createItem returned"
            )
        }
    }
}
