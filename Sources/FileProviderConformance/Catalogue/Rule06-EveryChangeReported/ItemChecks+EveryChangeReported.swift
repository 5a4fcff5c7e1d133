import FileProviderKit
import Foundation

/// The ITEM checks of rule 6, *every change is reported, in a usable order* (ITEM-44, ITEM-45).
extension ItemChecks {
    static let lookupSeesRemoteRename = ConformanceCheck(
        "ITEM-44",
        .items,
        "item(for:) right after a lookup, a folder's listing or the working set's returns the new name another "
            + "client gave the item",
        rule: "Rule 6 (changes by other clients)",
        clauses: ["R6.22"],
        rationale: "A provider that caches item(for:) answers, or fills that cache from its listings, and drops it "
            + "only on its own writes keeps serving the old name after another client's rename; the system "
            + "re-applies the stale name.",
        requires: [.writing, .remoteChanges]
    ) { context in
        let folder = try await context.createFolder(named: "Warm")
        let ways: [(String, @Sendable (ItemIdentifier) async throws -> Void)] = [
            (
                "two lookups",
                { identifier in
                    _ = try await context.item(identifier)
                    _ = try await context.item(identifier)
                }
            ),
            ("its folder's listing", { _ in _ = try await context.list(folder.itemIdentifier) }),
            ("the working set's listing", { _ in _ = try await context.list(.workingSet) }),
        ]
        for (index, (way, warm)) in ways.enumerated() {
            let file = try await context.createFile(named: "cached-\(index).txt", in: folder.itemIdentifier)
            try await warm(file.itemIdentifier)
            let newName = "renamed-remotely-\(index).txt"
            context.note("remote: rename \(file.itemIdentifier) to \"\(newName)\"")
            try await context.remote().rename(file.itemIdentifier, to: newName)
            let after = try await context.item(file.itemIdentifier)
            context.expectEqual(after.filename, newName, "item(for:) after \(way) and a remote rename")
        }
    }

    static let lookupSeesRemoteWriteAndMove = ConformanceCheck(
        "ITEM-45",
        .items,
        "item(for:) after another client's write and move returns the new size, version and parent",
        rule: "Rule 6 (changes by other clients)",
        clauses: ["R6.22", "R10.1"],
        rationale: "A stale cached item carries the old content version: the system believes its copy is "
            + "current and never downloads the other client's bytes.",
        requires: [.writing, .remoteChanges]
    ) { context in
        let folder = try await context.createFolder(named: "Destination")
        let file = try await context.createFile(named: "cached-write.txt", contents: Data("short".utf8))
        let before = try await context.item(file.itemIdentifier)
        let remote = try context.remote()
        let data = Data("a longer body written by another client".utf8)
        context.note("remote: write \(data.count) bytes to \(file.itemIdentifier), move it to \(folder.itemIdentifier)")
        try await remote.replaceContents(of: file.itemIdentifier, with: data)
        try await remote.move(file.itemIdentifier, to: folder.itemIdentifier)
        let after = try await context.item(file.itemIdentifier)
        context.expectEqual(after.documentSize, Int64(data.count), "item(for:) after a remote write: documentSize")
        context.expectEqual(after.parentItemIdentifier, folder.itemIdentifier, "item(for:) after a remote move: parent")
        context.expect(
            after.itemVersion.contentVersion != before.itemVersion.contentVersion,
            "item(for:) after a remote write kept the old content version",
            clauses: ["R6.22", "R10.1"]
        )
    }
}
