import FileProviderKit
import Foundation

/// The ITEM check of rule 10 on folders' counts followed through every kind of change (ITEM-48).
extension ItemChecks {
    /// Records a finding for each of `folders` whose childItemCount, when reported by its lookup or
    /// by its parent's listing, is not the number of children its listing yields.
    static func expectChildCounts(
        _ context: CheckContext,
        of folders: [ItemIdentifier],
        _ situation: String
    ) async throws {
        let inRoot = Dictionary(
            try await context.list(.rootContainer, pageSize: 5).map { ($0.itemIdentifier, $0.childItemCount) },
            uniquingKeysWith: { $1 }
        )
        for folder in folders {
            let listed = try await context.list(folder, pageSize: 2).count
            if let count = try await context.item(folder).childItemCount {
                context.expectEqual(count, listed, "item(for: \(folder)).childItemCount \(situation)")
            }
            if let count = inRoot[folder] ?? nil {
                context.expectEqual(count, listed, "the root listing's childItemCount of \(folder) \(situation)")
            }
        }
    }

    static let childCountsFollowEveryChange = ConformanceCheck(
        "ITEM-48",
        .items,
        "a childItemCount a lookup or listing reported keeps matching the listing through moves in and out, "
            + "renames, trashing, restoring, other clients' moves and creations, and deletions",
        rule: "Rule 10 (versions and metadata)",
        clauses: ["R10.5"],
        rationale: "A provider that caches a folder's count when first asked and adjusts it only for its own "
            + "creations and deletions shows a moved file in two folders' counts, or in none.",
        requires: .writing
    ) { context in
        let source = try await context.createFolder(named: "Source").itemIdentifier
        let target = try await context.createFolder(named: "Target").itemIdentifier
        let folders: [ItemIdentifier] = [source, target, .rootContainer]
        var file = try await context.createFile(named: "moving.txt", in: source)
        var folder = try await context.createFolder(named: "moving folder", in: source)
        try await context.createFile(named: "staying.txt", in: source)
        try await expectChildCounts(context, of: folders, "before any move")
        file = try await context.move(file, to: target)
        try await expectChildCounts(context, of: folders, "after a file moved from Source to Target")
        folder = try await context.move(folder, to: target)
        try await expectChildCounts(context, of: folders, "after a folder moved from Source to Target")
        file = try await context.rename(file, to: "renamed.txt")
        try await expectChildCounts(context, of: folders, "after a rename in Target")
        file = try await context.move(file, to: source)
        try await expectChildCounts(context, of: folders, "after the file moved back to Source")
        if context.capabilities.contains(.trash) {
            let trashed = try await context.move(file, to: .trashContainer)
            try await expectChildCounts(context, of: folders + [.trashContainer], "after the file was trashed")
            file = try await context.move(trashed, to: target)
            try await expectChildCounts(context, of: folders + [.trashContainer], "after it was restored into Target")
        }
        if context.capabilities.contains(.remoteChanges) {
            let remote = try context.remote()
            context.note("remote: move \(folder.itemIdentifier) to \(source), create remote.txt in \(target)")
            try await remote.move(folder.itemIdentifier, to: source)
            _ = try await remote.createItem(named: "remote.txt", in: target, contents: Data("remote".utf8))
            try await expectChildCounts(context, of: folders, "after another client's move and creation")
        }
        try await context.delete(try await context.item(file.itemIdentifier))
        try await expectChildCounts(context, of: folders, "after the file was deleted")
    }
}
