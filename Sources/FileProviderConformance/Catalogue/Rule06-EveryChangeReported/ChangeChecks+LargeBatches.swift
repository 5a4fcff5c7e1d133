import FileProviderKit
import Foundation

/// The CHG checks of rule 6, *every change is reported, in a usable order* — a large deletion in large
/// batches (CHG-67).
extension ChangeChecks {
    static let largeDeletionLargeBatches = ConformanceCheck(
        "CHG-67",
        .changes,
        "a recursive deletion of 1,011 nested items is reported in full in batches of 200 and 1,000, each on a "
            + "fresh enumerator",
        rule: "Rule 6 (changes), rule 5 (batches)",
        clauses: ["R6.13", "R5.1"],
        rationale: "The system asks for batches of a few hundred changes; a provider that caps the deletions of a "
            + "batch at its backend's page (often 100) and drops the rest, instead of carrying them into the next "
            + "batch, passes every catch-up in small batches and leaves most of a deleted tree on each device.",
        requires: .writing
    ) { context in
        try await deleteDoomedTreeCatchingUpFresh(context, batchSizes: [200, 1_000])
    }
}
