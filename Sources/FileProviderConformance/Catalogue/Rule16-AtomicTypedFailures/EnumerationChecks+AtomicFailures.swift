import FileProviderKit
import Foundation

/// The ENUM checks of rule 16, *failures are atomic and typed* (ENUM-07).
extension EnumerationChecks {
    static let unknownContainer = ConformanceCheck(
        "ENUM-07",
        .enumeration,
        "listing an unknown container or a file fails with noSuchItem",
        rule: "Rule 16 (errors)",
        clauses: ["R16.2"],
        rationale: "The system asks for identifiers outside the provider's space (for example `__fp/…`); anything "
            + "but noSuchItem leaves it retrying or crashes the provider."
    ) { context in
        await context.expectError(.noSuchItem, "list an identifier never assigned") {
            try await context.list(ItemIdentifier("__fp/unknown-\(context.seed)"))
        }
        let file: ItemSnapshot?
        if context.capabilities.contains(.writing) {
            file = try await context.createFile(named: "not-a-folder.txt")
        } else {
            file = try await context.tree().first { !$0.contentType.isDirectory }
        }
        if let file {
            await context.expectError([.noSuchItem, .invalidArgument], "list the file \(file.itemIdentifier)") {
                try await context.list(file.itemIdentifier)
            }
        }
    }
}
