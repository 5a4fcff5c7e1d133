import FileProviderKit
import Foundation

/// The CNT checks of rule 16, *failures are atomic and typed* (CNT-03).
extension ContentChecks {
    static let fetchUnknown = ConformanceCheck(
        "CNT-03",
        .content,
        "fetching an unknown item fails with noSuchItem",
        rule: "Rule 16 (errors)",
        clauses: ["R16.2"],
        rationale: "noSuchItem makes the system drop its placeholder; any other error leaves it retrying.",
        tier: .smoke
    ) { context in
        await context.expectError(.noSuchItem, "fetchContents of an identifier never assigned") {
            try await context.fetch(ItemIdentifier("no-content-\(context.seed)"))
        }
    }
}
