import FileProviderKit
import Foundation

/// The ENUM checks of rule 7, *no self-sustaining loops* (ENUM-06).
extension EnumerationChecks {
    static let repeatable = ConformanceCheck(
        "ENUM-06",
        .enumeration,
        "two listings with no change in between are identical",
        rule: "Rules 2 and 7 (pages, no loops)",
        clauses: ["R7.2"],
        rationale: "A listing that varies with no change makes the system see phantom updates on every visit.",
        tier: .smoke
    ) { context in
        if context.capabilities.contains(.writing) {
            _ = try await populatedFolder(context, count: 5)
        }
        let first = try await context.tree(pageSize: 2)
        let second = try await context.tree(pageSize: 3)
        context.expectEqual(second, first, "two listings with no change in between differ")
    }
}
