import FileProviderKit
import Foundation

/// The TRASH checks of rule 14, *trash is a move* — a folder in the trash takes creations and moves
/// in (TRASH-20).
extension TrashChecks {
    static let trashedFolderTakesItems = ConformanceCheck(
        "TRASH-20",
        .trash,
        "a folder in the trash takes a created file, a created folder and a moved file, and brings them back when "
            + "restored",
        rule: "Rules 14 and 6",
        clauses: ["R14.7", "R6.1", "R6.3"],
        rationale: "A file the user drops into a folder in the Trash, or saves there, reaches the provider as a "
            + "creation or a move under that folder; a provider that refuses it leaves the file unsynchronised, and "
            + "one that files it elsewhere loses it when the folder is restored or the trash emptied.",
        requires: [.writing, .trash]
    ) { context in
        let folder = try await context.createFolder(named: "Archive")
        let kept = try await context.createFile(named: "old.txt", in: folder.itemIdentifier)
        let loose = try await context.createFile(named: "loose.txt")
        let trashedFolder = try await context.move(folder, to: .trashContainer)
        let anchor = try await context.anchor()
        let created = try await context.createFile(named: "late.txt", in: folder.itemIdentifier)
        let subfolder = try await context.createFolder(named: "Later", in: folder.itemIdentifier)
        let moved = try await context.move(loose, to: folder.itemIdentifier)
        let arrivals = [created, subfolder, moved]
        for item in arrivals {
            context.expectEqual(
                item.parentItemIdentifier,
                folder.itemIdentifier,
                "\(item.filename) was returned outside the folder in the trash it was put in"
            )
            let lookedUp = try await context.item(item.itemIdentifier)
            context.expectEqual(
                lookedUp.parentItemIdentifier,
                folder.itemIdentifier,
                "a lookup of \(item.filename) gives another parent than the folder in the trash it was put in"
            )
        }
        let arrivalIdentifiers = Set(arrivals.map(\.itemIdentifier))
        try await expectListing(
            context,
            of: folder.itemIdentifier,
            equals: arrivalIdentifiers.union([kept.itemIdentifier]),
            "the folder in the trash does not list exactly its old child and the three items put in it"
        )
        let trashListing = Set(try await context.list(.trashContainer).map(\.itemIdentifier))
        context.expect(
            trashListing.isDisjoint(with: arrivalIdentifiers),
            "the top of the trash lists an item put in a folder in the trash",
            actual: "\(trashListing.intersection(arrivalIdentifiers).sorted())"
        )
        let rootListing = Set(try await context.list(.rootContainer).map(\.itemIdentifier))
        context.expect(
            rootListing.isDisjoint(with: arrivalIdentifiers),
            "the root lists an item put in a folder in the trash",
            actual: "\(rootListing.intersection(arrivalIdentifiers).sorted())"
        )
        let (updated, deleted) = try await ChangeChecks.changes(context, since: anchor)
        for item in arrivals {
            context.expectEqual(
                updated[item.itemIdentifier]?.parentItemIdentifier,
                folder.itemIdentifier,
                "the working set's changes do not report \(item.filename) in the folder in the trash"
            )
        }
        context.expect(
            deleted.isDisjoint(with: arrivalIdentifiers),
            "an item put in the folder in the trash was reported deleted"
        )

        _ = try await context.move(try await context.item(trashedFolder.itemIdentifier), to: .rootContainer)
        try await expectListing(
            context,
            of: folder.itemIdentifier,
            equals: arrivalIdentifiers.union([kept.itemIdentifier]),
            "the folder restored from the trash does not bring back exactly what was put in it there"
        )
        for item in arrivals {
            let restored = try await context.item(item.itemIdentifier)
            context.expectEqual(
                restored.parentItemIdentifier,
                folder.itemIdentifier,
                "after the folder's restore, \(item.filename) is not in it"
            )
        }
    }

    /// Records a finding unless `container`'s listing holds exactly `expected`.
    private static func expectListing(
        _ context: CheckContext,
        of container: ItemIdentifier,
        equals expected: Set<ItemIdentifier>,
        _ message: String
    ) async throws {
        let listed = try await context.list(container).map(\.itemIdentifier)
        context.expectEqual(listed.sorted(), expected.sorted(), message)
    }
}
