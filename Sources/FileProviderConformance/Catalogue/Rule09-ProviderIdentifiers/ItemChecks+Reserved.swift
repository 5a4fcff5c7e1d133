import FileProviderKit
import Foundation

/// The ITEM checks of rule 9, *identifiers are the provider's* — reserved identifiers (ITEM-14).
extension ItemChecks {
    static let reservedLookups = ConformanceCheck(
        "ITEM-14",
        .items,
        "item(for:) of the working set, and of the trash of a domain without one, fails with noSuchItem",
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
        guard !context.capabilities.contains(.trash) else { return }
        await context.expectError(.noSuchItem, "item(for: the trash) of a domain without trash") {
            try await context.provider.item(for: .trashContainer, request: Request())
        }
    }
}
