import FileProviderKit
import Foundation

/// The ITEM check of rule 6 on lookups of folders another client changed (ITEM-49).
extension ItemChecks {
    static let lookupSeesRemoteFolderChanges = ConformanceCheck(
        "ITEM-49",
        .items,
        "item(for:) of a folder looked up before returns another client's rename, move, trash, restore and "
            + "deletion of it, new versions, and a reported childItemCount that follows other clients' creations",
        rule: "Rule 6 (changes by other clients)",
        clauses: ["R6.22", "R10.2", "R10.5"],
        rationale: "Providers cache folders' lookups longer than files' (a folder's content is not downloaded, so "
            + "nothing refreshes it); the system then keeps a renamed or moved folder at its old path and "
            + "re-applies the stale name.",
        requires: [.writing, .remoteChanges]
    ) { context in
        let remote = try context.remote()
        let watched = try await context.createFolder(named: "Watched")
        let destination = try await context.createFolder(named: "Destination").itemIdentifier
        try await context.createFile(named: "inside.txt", in: watched.itemIdentifier)
        let identifier = watched.itemIdentifier
        var before = try await context.item(identifier)
        _ = try await context.item(identifier)
        _ = try await context.item(destination)

        func expectState(_ situation: String, name: String, parent: ItemIdentifier) async throws {
            let after = try await context.item(identifier)
            context.expect(
                after.filename == name && after.parentItemIdentifier == parent,
                "item(for:) of a folder \(situation) returned its old state",
                expected: "\"\(name)\" in \(parent)",
                actual: "\"\(after.filename)\" in \(after.parentItemIdentifier)"
            )
            context.expect(
                after.itemVersion != before.itemVersion,
                "item(for:) of a folder \(situation) returned the versions it had before",
                expected: "versions other than \(before.itemVersion)",
                actual: "\(after.itemVersion)"
            )
            before = after
        }

        context.note("remote: rename \(identifier) to \"Renamed remotely\"")
        try await remote.rename(identifier, to: "Renamed remotely")
        try await expectState("after another client renamed it", name: "Renamed remotely", parent: .rootContainer)
        context.note("remote: move \(identifier) to \(destination)")
        try await remote.move(identifier, to: destination)
        try await expectState("after another client moved it", name: "Renamed remotely", parent: destination)
        context.note("remote: create two files in \(identifier)")
        _ = try await remote.createItem(named: "remote-1.txt", in: identifier, contents: Data("one".utf8))
        _ = try await remote.createItem(named: "remote-2.txt", in: identifier, contents: Data("two".utf8))
        if let count = try await context.item(identifier).childItemCount {
            let listed = try await context.list(identifier, pageSize: 2).count
            context.expectEqual(count, listed, "item(for:).childItemCount after another client created two children")
        }
        if context.capabilities.contains(.trash) {
            context.note("remote: trash \(identifier)")
            try await remote.trash(identifier)
            try await expectState("after another client trashed it", name: "Renamed remotely", parent: .trashContainer)
            context.note("remote: restore \(identifier) to the root")
            try await remote.restore(identifier, to: .rootContainer)
            try await expectState("after another client restored it", name: "Renamed remotely", parent: .rootContainer)
        }
        context.note("remote: delete \(identifier)")
        try await remote.delete(identifier)
        await context.expectError(.noSuchItem, "item(for: \(identifier)) after another client deleted it") {
            try await context.provider.item(for: identifier, request: Request())
        }
    }
}
