import FileProviderKit
import Foundation

/// The CHG checks of rule 8, *the working set covers everything* (CHG-01).
extension ChangeChecks {
    static let anchorAvailable = ConformanceCheck(
        "CHG-01",
        .changes,
        "the working set has a current sync anchor",
        rule: "Rules 4 and 8 (anchors, working set)",
        clauses: ["R8.1"],
        rationale: "Without an anchor the system cannot ask for changes and never sees remote edits.",
        tier: .smoke
    ) { context in
        let anchor = try await context.anchor(.workingSet)
        context.expect(anchor.rawValue.count <= SyncAnchor.maximumSize, "the anchor is larger than 500 bytes")
    }
}
