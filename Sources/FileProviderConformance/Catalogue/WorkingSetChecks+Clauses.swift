import FileProviderKit
import Foundation

/// Working-set checks of trashed items.
extension WorkingSetChecks {
    static let clauseChecks: [ConformanceCheck] = [listsTrashedItems]

    static let listsTrashedItems = ConformanceCheck(
        "WS-04",
        .workingSet,
        "the working set lists trashed items, with the trash as parent, and the children of trashed folders",
        rule: "Rule 8 (working set covers everything, trash included)",
        clauses: ["R8.2", "R8.3"],
        rationale: "Items missing from the working set never receive remote changes: a file restored on another "
            + "device stays in this device's trash.",
        requires: [.writing, .trash]
    ) { context in
        let folder = try await context.createFolder(named: "Binned")
        let child = try await context.createFile(named: "inside.txt", in: folder.itemIdentifier)
        let file = try await context.createFile(named: "binned.txt")
        for item in [file, folder] { _ = try await context.move(item, to: .trashContainer) }
        let listed = Dictionary(
            try await context.list(.workingSet, pageSize: 2).map { ($0.itemIdentifier, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        for item in [file, folder] {
            let entry = try context.require(
                listed[item.itemIdentifier],
                "the working set does not list the trashed \(item.itemIdentifier)"
            )
            context.expectEqual(
                entry.parentItemIdentifier,
                .trashContainer,
                "a trashed item is listed with another parent"
            )
        }
        let inner = try context.require(
            listed[child.itemIdentifier],
            "the working set does not list \(child.itemIdentifier), inside a trashed folder"
        )
        context.expectEqual(
            inner.parentItemIdentifier,
            folder.itemIdentifier,
            "a trashed folder's child lost its parent"
        )
    }
}
