import FileProviderKit
import Foundation

/// The ENUM checks of rule 16, *failures are atomic and typed* — enumerators of deleted containers (ENUM-24).
extension EnumerationChecks {
    static let listingOfDeletedContainer = ConformanceCheck(
        "ENUM-24",
        .enumeration,
        "an enumerator made before its folder was deleted fails listing with noSuchItem",
        rule: "Rule 16 (errors)",
        clauses: ["R16.6", "R16.2"],
        rationale: "The system keeps an enumerator for every folder it shows; when the folder is deleted "
            + "elsewhere, an empty success from that enumerator leaves an empty folder in Finder that never "
            + "goes away, where noSuchItem makes the system remove it.",
        requires: .writing
    ) { context in
        for stale in try await staleEnumerators(context) {
            await context.expectError(
                .noSuchItem,
                "list the \(stale.situation) folder \(stale.container) with the enumerator made before"
            ) {
                try await stale.enumerator.allItems(suggestedPageSize: 10)
            }
            guard let next = stale.nextPage else { continue }
            await context.expectError(
                [.noSuchItem, .pageExpired],
                "continue the listing of the \(stale.situation) folder \(stale.container) from its second page"
            ) {
                try await stale.enumerator.allItems(startingAt: next, suggestedPageSize: 10)
            }
        }
    }
}
