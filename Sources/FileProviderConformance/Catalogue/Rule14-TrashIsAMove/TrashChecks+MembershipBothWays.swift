import FileProviderKit
import Foundation

/// The TRASH checks of rule 14, *trash is a move* — membership seen from listings and lookups
/// alike, after this and another client trash and restore (TRASH-19).
extension TrashChecks {
    /// Records a finding unless the trash and each of `folders` list exactly the items `parents`
    /// puts in them, each carrying that container as its parent, and unless the lookup of every item
    /// of `parents` reports that parent and agrees with its listing.
    static func expectMembership(
        _ context: CheckContext,
        _ parents: [ItemIdentifier: ItemIdentifier],
        folders: [ItemIdentifier],
        _ situation: String
    ) async throws {
        try await context.settle()
        var listings: [ItemIdentifier: ItemDigest] = [:]
        for container in [.trashContainer] + folders {
            let expected = Set(parents.filter { $0.value == container }.map(\.key))
            let listed = try await context.list(container, pageSize: 2)
            let identifiers = listed.map(\.itemIdentifier)
            context.expect(
                Set(identifiers) == expected && identifiers.count == expected.count,
                "\(situation), the listing of \(container) does not hold exactly the items whose parent it is",
                expected: "\(expected.sorted().map(\.rawValue))",
                actual: "\(identifiers.map(\.rawValue))"
            )
            let strangers = listed.filter { $0.parentItemIdentifier != container }
            context.expect(
                strangers.isEmpty,
                "\(situation), the listing of \(container) holds items carrying another parent",
                actual: strangers.map { "\($0.itemIdentifier) (parent \($0.parentItemIdentifier))" }
                    .joined(separator: ", ")
            )
            for item in listed { listings[item.itemIdentifier] = ItemDigest(item) }
        }
        for (identifier, parent) in parents.sorted(by: { $0.key < $1.key }) {
            let item = try await context.item(identifier)
            context.expectEqual(
                item.parentItemIdentifier,
                parent,
                "\(situation), the lookup of \(identifier) reports another parent than its real one"
            )
            if let listed = listings[identifier] {
                context.expect(
                    ItemDigest(item) == listed,
                    "\(situation), the lookup of \(identifier) differs from its listing",
                    expected: "\(listed)",
                    actual: "\(ItemDigest(item))"
                )
            }
        }
    }

    static let membershipBothWays = ConformanceCheck(
        "TRASH-19",
        .trash,
        "after this and another client trash and restore files and folders, the trash and every folder, inside "
            + "the trash too, list exactly their children, and lookups report the same parents and fields",
        rule: "Rule 14 (trash), rule 8 (real parents)",
        clauses: ["R14.5", "R14.1", "R14.2", "R8.3", "R2.6", "R6.8"],
        rationale: "A trash listed from the provider's own book of what it trashed misses what other devices "
            + "trashed, and a lookup that reports the trash as the parent of everything in a trashed folder "
            + "contradicts the folder's listing: the system files the item in two places, and emptying the trash "
            + "or restoring the folder loses it.",
        requires: [.writing, .trash]
    ) { context in
        let home = try await context.createFolder(named: "Home").itemIdentifier
        let folder = try await context.createFolder(named: "TP", in: home).itemIdentifier
        let child = try await context.createFile(named: "c.txt", in: folder).itemIdentifier
        let subfolder = try await context.createFolder(named: "S", in: folder).itemIdentifier
        let grandchild = try await context.createFile(named: "d.txt", in: subfolder).itemIdentifier
        let file = try await context.createFile(named: "x.txt", in: home).itemIdentifier
        var parents: [ItemIdentifier: ItemIdentifier] = [
            folder: home, child: folder, subfolder: folder, grandchild: subfolder, file: home,
        ]
        var folders = [home, folder, subfolder]
        _ = try await context.move(try await context.item(folder), to: .trashContainer)
        parents[folder] = .trashContainer
        try await expectMembership(context, parents, folders: folders, "after trashing TP")
        guard context.capabilities.contains(.remoteChanges) else {
            _ = try await context.move(try await context.item(folder), to: home)
            _ = try await context.move(try await context.item(file), to: .trashContainer)
            parents[folder] = home
            parents[file] = .trashContainer
            try await expectMembership(context, parents, folders: folders, "after restoring TP and trashing x.txt")
            return
        }
        let remote = try context.remote()
        context.note("remote: create RF with rc.txt and ry.txt in Home")
        let remoteFolder = try await remote.createItem(named: "RF", in: home, contents: nil)
        let remoteChild = try await remote.createItem(named: "rc.txt", in: remoteFolder, contents: Data("rc".utf8))
        let remoteFile = try await remote.createItem(named: "ry.txt", in: home, contents: Data("ry".utf8))
        parents[remoteFolder] = home
        parents[remoteChild] = remoteFolder
        parents[remoteFile] = home
        folders.append(remoteFolder)
        context.note("remote: trash x.txt and RF")
        try await remote.trash(file)
        try await remote.trash(remoteFolder)
        parents[file] = .trashContainer
        parents[remoteFolder] = .trashContainer
        try await expectMembership(context, parents, folders: folders, "after another client trashed x.txt and RF")
        _ = try await context.move(try await context.item(file), to: home)
        context.note("remote: restore TP to Home")
        try await remote.restore(folder, to: home)
        parents[file] = home
        parents[folder] = home
        try await expectMembership(
            context,
            parents,
            folders: folders,
            "after restoring x.txt here and TP by another client"
        )
        context.note("remote: trash TP again")
        try await remote.trash(folder)
        _ = try await context.move(try await context.item(remoteFile), to: .trashContainer)
        _ = try await context.move(try await context.item(remoteFolder), to: home)
        parents[folder] = .trashContainer
        parents[remoteFile] = .trashContainer
        parents[remoteFolder] = home
        try await expectMembership(
            context,
            parents,
            folders: folders,
            "after another client trashed TP, and ry.txt trashed and RF restored here"
        )
    }
}
