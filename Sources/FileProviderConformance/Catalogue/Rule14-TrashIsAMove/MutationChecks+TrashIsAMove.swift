import FileProviderKit
import Foundation

/// The MUT checks of rule 14, *trash is a move* (MUT-14).
extension MutationChecks {
    static let deleteFile = ConformanceCheck(
        "MUT-14",
        .mutations,
        "a deleted file is gone from lookups and listings",
        rule: "Rule 15 (deletion)",
        clauses: ["R14.3"],
        rationale: "A deletion that leaves the item visible resurrects it on every device.",
        requires: .writing,
        tier: .smoke
    ) { context in
        let file = try await context.createFile(named: "bye.txt")
        try await context.delete(file)
        await context.expectError(.noSuchItem, "item(for: the deleted \(file.itemIdentifier))") {
            try await context.provider.item(for: file.itemIdentifier, request: Request())
        }
        let listed = try await context.list(.rootContainer).map(\.itemIdentifier)
        context.expect(!listed.contains(file.itemIdentifier), "the deleted file is still listed")
    }
}
