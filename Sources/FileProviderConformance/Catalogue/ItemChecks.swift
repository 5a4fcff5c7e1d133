import FileProviderKit

/// Checks of item properties (`ITEM-…`).
enum ItemChecks {
    static let all: [ConformanceCheck] = [rootItem]

    static let rootItem = ConformanceCheck(
        "ITEM-01",
        .items,
        "the root item exists and has a non-empty name",
        rule: "Rule 11 (filenames)",
        rationale: "The system shows the root's filename; an empty name or a missing root breaks the domain's display.",
        tier: .smoke
    ) { context in
        let root = try await context.item(.rootContainer)
        context.expectEqual(root.itemIdentifier, .rootContainer, "item(for: root) returned another identifier")
        context.expect(!root.filename.isEmpty, "the root item's filename is empty")
        context.expect(root.contentType.isFolder, "the root item is not a folder", actual: "\(root.contentType)")
    }
}
