import FileProviderKit
import Foundation

/// The TRASH checks of rule 14, *trash is a move* — what the trash lists (TRASH-11).
extension TrashChecks {
    /// Records a finding unless the trash's listing holds exactly `expected`, each carrying the
    /// trash as its parent.
    static func expectTrashHolds(
        _ context: CheckContext,
        _ expected: Set<ItemIdentifier>,
        _ situation: String
    )
        async throws
    {
        for pageSize in [1, 50] {
            let listed = try await context.list(.trashContainer, pageSize: pageSize)
            let identifiers = Set(listed.map(\.itemIdentifier))
            context.expect(
                identifiers == expected && listed.count == expected.count,
                "\(situation), the trash (page size \(pageSize)) does not list exactly the trashed items",
                expected: "\(expected.sorted().map(\.rawValue))",
                actual: "\(listed.map(\.itemIdentifier.rawValue))"
            )
            let strangers = listed.filter { $0.parentItemIdentifier != .trashContainer }
            context.expect(
                strangers.isEmpty,
                "\(situation), the trash lists items whose parent is not the trash",
                actual: strangers.map { "\($0.itemIdentifier) (parent \($0.parentItemIdentifier))" }
                    .joined(separator: ", ")
            )
        }
    }

    static let trashListsExactlyTrashed = ConformanceCheck(
        "TRASH-11",
        .trash,
        "the trash lists exactly the trashed items: none restored, none deleted, each with the trash as parent",
        rule: "Rule 14 (trash)",
        clauses: ["R14.5", "R2.6"],
        rationale: "A trash that keeps listing a restored item shows it twice in Finder — in the trash and in its "
            + "folder — and emptying the trash then deletes the restored item for good.",
        requires: [.writing, .trash]
    ) { context in
        let folder = try await context.createFolder(named: "Desk")
        let first = try await context.createFile(named: "first.txt", in: folder.itemIdentifier)
        let second = try await context.createFile(named: "second.txt")
        let third = try await context.createFolder(named: "Third")
        var trashed: [ItemSnapshot] = []
        for item in [first, second, third] {
            trashed.append(try await context.move(item, to: .trashContainer))
        }
        try await expectTrashHolds(context, Set(trashed.map(\.itemIdentifier)), "after trashing three items")
        _ = try await context.move(trashed[0], to: folder.itemIdentifier)
        try await expectTrashHolds(
            context,
            [second.itemIdentifier, third.itemIdentifier],
            "after restoring \(first.itemIdentifier)"
        )
        try await context.delete(trashed[1])
        _ = try await context.move(trashed[2], to: .rootContainer)
        try await expectTrashHolds(context, [], "after deleting one trashed item and restoring the other")
        let desk = try await context.list(folder.itemIdentifier).map(\.itemIdentifier)
        context.expect(desk == [first.itemIdentifier], "the restored item is not listed in the folder it went back to")
    }
}
