import FileProviderKit
import Foundation

/// The MUT checks of rule 16, *failures are atomic and typed* — recursive deletions on a stale version (MUT-51, MUT-52,
/// MUT-110).
extension MutationChecks {
    /// Creates `A` with a child, makes `A`'s version stale with `change`, then deletes `A`
    /// recursively on the older version: expects deletionRejected and nothing changed.
    private static func expectStaleRecursiveDeletionRefused(
        _ context: CheckContext,
        _ situation: String,
        change: (ItemSnapshot) async throws -> Void
    ) async throws {
        let folder = try await context.createFolder(named: "A")
        let child = try await context.createFile(named: "x.txt", in: folder.itemIdentifier)
        let inner = try await context.createFolder(named: "Inner", in: folder.itemIdentifier)
        _ = try await context.createFile(named: "deep.txt", in: inner.itemIdentifier)
        try await change(folder)
        let before = ItemDigest.map(try await context.tree())
        await context.expectError(
            .deletionRejected,
            "recursive deleteItem(\(folder.itemIdentifier)) on the version before \(situation)"
        ) {
            try await context.delete(folder, options: .recursive)
        }
        let listed = try await context.list(folder.itemIdentifier).map(\.itemIdentifier)
        context.expectEqual(
            Set(listed),
            [child.itemIdentifier, inner.itemIdentifier],
            "the refused recursive deletion removed the folder's children"
        )
        let after = ItemDigest.map(try await context.tree())
        context.expectEqual(after, before, "the refused recursive deletion changed the tree")
    }

    static let staleRecursiveDeletionAfterRename = ConformanceCheck(
        "MUT-51",
        .mutations,
        "a recursive deletion on a folder's version before a rename fails with deletionRejected and removes nothing",
        rule: "Rules 15 and 16 (deletion, failures are atomic)",
        clauses: ["R16.1", "R15.2"],
        rationale: "A provider that deletes a folder's children before checking the folder's version refuses the "
            + "deletion only after the children are gone: the system keeps the folder, and the files the user "
            + "was told were kept are lost.",
        requires: .writing
    ) { context in
        try await expectStaleRecursiveDeletionRefused(context, "a rename") { folder in
            _ = try await context.rename(folder, to: "B")
        }
    }

    static let staleRecursiveDeletionAfterMove = ConformanceCheck(
        "MUT-52",
        .mutations,
        "a recursive deletion on a folder's version before a move fails with deletionRejected and removes nothing",
        rule: "Rules 15 and 16 (deletion, failures are atomic)",
        clauses: ["R16.1", "R15.2"],
        rationale: "A folder moved on another device and deleted on this one must survive with its contents; a "
            + "provider that purges the children first leaves an empty folder where the user's files were.",
        requires: .writing
    ) { context in
        let elsewhere = try await context.createFolder(named: "Elsewhere")
        try await expectStaleRecursiveDeletionRefused(context, "a move") { folder in
            _ = try await context.move(folder, to: elsewhere.itemIdentifier)
        }
    }

    static let staleRecursiveDeletionInTrash = ConformanceCheck(
        "MUT-110",
        .mutations,
        "a recursive deletion of a folder in the trash, on its version before the trashing or before a rename "
            + "in the trash, fails with deletionRejected and removes nothing",
        rule: "Rules 14, 15 and 16 (the trash, deletion, failures are atomic)",
        clauses: ["R16.1", "R15.2"],
        rationale: "Emptying the trash is a code path of its own in many providers, often one that deletes a "
            + "trashed folder's children one by one before it looks at the folder's version: a deletion the "
            + "system made on an old version is refused only after the children are gone.",
        requires: [.writing, .trash]
    ) { context in
        for renamedInTrash in [false, true] {
            let situation = renamedInTrash ? "a rename in the trash" : "its trashing"
            let folder = try await context.createFolder(named: renamedInTrash ? "Renamed in the trash" : "Trashed")
            let child = try await context.createFile(named: "x.txt", in: folder.itemIdentifier)
            let inner = try await context.createFolder(named: "Inner", in: folder.itemIdentifier)
            let deep = try await context.createFile(named: "deep.txt", in: inner.itemIdentifier)
            var stale = folder
            let trashed = try await context.move(folder, to: .trashContainer)
            if renamedInTrash {
                stale = trashed
                _ = try await context.rename(trashed, to: "Renamed again")
            }
            await context.expectError(
                .deletionRejected,
                "recursive deleteItem(\(folder.itemIdentifier)) in the trash on the version before \(situation)"
            ) {
                try await context.delete(stale, options: .recursive)
            }
            let inTrash = try await context.list(.trashContainer).map(\.itemIdentifier)
            context.expect(
                inTrash.contains(folder.itemIdentifier),
                "the refused deletion of a folder in the trash (stale by \(situation)) removed it from the trash"
            )
            context.expectEqual(
                Set(try await context.list(folder.itemIdentifier).map(\.itemIdentifier)),
                [child.itemIdentifier, inner.itemIdentifier],
                "the refused recursive deletion in the trash (stale by \(situation)) removed the folder's children"
            )
            context.expectEqual(
                try await context.list(inner.itemIdentifier).map(\.itemIdentifier),
                [deep.itemIdentifier],
                "the refused recursive deletion in the trash (stale by \(situation)) removed a grandchild"
            )
        }
    }
}
