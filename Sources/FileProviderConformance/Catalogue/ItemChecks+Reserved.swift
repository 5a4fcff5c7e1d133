import FileProviderKit
import Foundation

/// Lookups of the reserved identifiers other than the root (rule 9): the working set, which is
/// never an item, and the trash, which is a folder only in a domain that has one.
extension ItemChecks {
    static let reservedChecks: [ConformanceCheck] = [reservedLookups]

    static let reservedLookups = ConformanceCheck(
        "ITEM-14",
        .items,
        "item(for:) of the working set fails with noSuchItem; of the trash, a folder in the root or noSuchItem",
        rule: "Rule 9 (the reserved identifiers)",
        clauses: ["R9.4", "R16.2"],
        rationale: "The working set is a container to enumerate, never an item: a provider that hands out an item "
            + "for it makes the system file a folder nobody created, and one that hands out a trash in a domain "
            + "without trash shows a trash that refuses every item.",
        tier: .smoke
    ) { context in
        await context.expectError(.noSuchItem, "item(for: the working set)") {
            try await context.provider.item(for: .workingSet, request: Request())
        }
        guard context.capabilities.contains(.trash) else {
            await context.expectError(.noSuchItem, "item(for: the trash) of a domain without trash") {
                try await context.provider.item(for: .trashContainer, request: Request())
            }
            return
        }
        let trash = try await context.item(.trashContainer)
        context.expectEqual(trash.itemIdentifier, .trashContainer, "item(for: the trash) returned another identifier")
        context.expect(trash.contentType.isFolder, "the trash item is not a folder", actual: "\(trash.contentType)")
        context.expectEqual(trash.parentItemIdentifier, .rootContainer, "the trash item's parent is not the root")
    }
}
