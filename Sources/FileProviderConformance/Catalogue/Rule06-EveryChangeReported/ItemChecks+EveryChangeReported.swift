import FileProviderKit
import Foundation

/// The ITEM checks of rule 6, *every change is reported, in a usable order* (ITEM-44, ITEM-45).
extension ItemChecks {
    static let lookupSeesRemoteRename = ConformanceCheck(
        "ITEM-44",
        .items,
        "item(for:) right after a lookup returns the new name another client gave the item",
        rule: "Rule 6 (changes by other clients)",
        clauses: ["R6.22"],
        rationale: "A provider that caches item(for:) answers and drops the cache only on its own writes keeps "
            + "serving the old name after another client's rename; the system re-applies the stale name.",
        requires: [.writing, .remoteChanges]
    ) { context in
        let file = try await context.createFile(named: "cached.txt")
        _ = try await context.item(file.itemIdentifier)
        _ = try await context.item(file.itemIdentifier)
        context.note("remote: rename \(file.itemIdentifier) to \"renamed-remotely.txt\"")
        try await context.remote().rename(file.itemIdentifier, to: "renamed-remotely.txt")
        let after = try await context.item(file.itemIdentifier)
        context.expectEqual(after.filename, "renamed-remotely.txt", "item(for:) after a remote rename")
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
