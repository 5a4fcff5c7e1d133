import FileProviderKit
import Foundation

/// The ENUM checks of rule 1, *every call finishes exactly once* (ENUM-01).
extension EnumerationChecks {
    static let emptyFolder = ConformanceCheck(
        "ENUM-01",
        .enumeration,
        "an empty folder lists no items and ends",
        rule: "Rules 1 and 2 (finish, pages)",
        clauses: ["R1.1", "R1.2"],
        rationale: "A listing that never finishes, or invents items, leaves the folder spinning or wrong in Finder.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let folder = try await context.createFolder(named: "Empty")
        let items = try await context.list(folder.itemIdentifier, pageSize: 10)
        context.expect(
            items.isEmpty,
            "an empty folder listed items",
            actual: items.map(\.filename).joined(separator: ", ")
        )
    }
}
