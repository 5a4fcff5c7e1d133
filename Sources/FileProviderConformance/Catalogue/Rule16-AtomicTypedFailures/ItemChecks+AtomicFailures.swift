import FileProviderKit
import Foundation

/// The ITEM checks of rule 16, *failures are atomic and typed* (ITEM-03).
extension ItemChecks {
    static let unknownIdentifier = ConformanceCheck(
        "ITEM-03",
        .items,
        "looking up an unknown or deleted identifier fails with noSuchItem",
        rule: "Rule 16 (errors)",
        clauses: ["R16.2"],
        rationale: "noSuchItem makes the system delete its local copy; any other error keeps a ghost item retried "
            + "forever, a success resurrects a deleted one.",
        tier: .smoke
    ) { context in
        await context.expectError(.noSuchItem, "item(for: an identifier never assigned)") {
            try await context.provider.item(for: ItemIdentifier("no-such-item-\(context.seed)"), request: Request())
        }
        guard context.capabilities.contains(.writing) else { return }
        let file = try await context.createFile(named: "doomed.txt")
        try await context.delete(file)
        await context.expectError(.noSuchItem, "item(for: the deleted \(file.itemIdentifier))") {
            try await context.provider.item(for: file.itemIdentifier, request: Request())
        }
    }
}
