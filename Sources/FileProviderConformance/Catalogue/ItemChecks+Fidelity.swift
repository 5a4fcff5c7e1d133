import FileProviderKit
import Foundation

/// Item checks of the reserved items — the root is a folder whose parent is itself (R9.20), the
/// trash of a domain with one is an item (R9.21) — and of lookups after another client's change
/// (R6.22).
extension ItemChecks {
    static let fidelityChecks: [ConformanceCheck] = [
        rootIsItsOwnParent, rootAfterWrites, trashIsAnItem, trashItemAfterTrashing, lookupSeesRemoteRename,
        lookupSeesRemoteWriteAndMove,
    ]

    /// Records a finding naming `clause` unless `item` is the reserved folder `identifier` whose
    /// parent is `parent`.
    static func expectReservedFolder(
        _ context: CheckContext,
        _ item: ItemSnapshot,
        is identifier: ItemIdentifier,
        in parent: ItemIdentifier,
        clause: String,
        _ situation: String
    ) {
        context.expect(
            item.itemIdentifier == identifier && item.parentItemIdentifier == parent && item.contentType.isFolder,
            "item(for: \(identifier)) \(situation) is not a folder whose parent is \(parent)",
            clauses: [clause],
            expected: "identifier \(identifier), parent \(parent), a folder",
            actual: "identifier \(item.itemIdentifier), parent \"\(item.parentItemIdentifier)\", \(item.contentType)"
        )
    }

    /// Records a finding naming R9.20 unless `root` is a folder whose identifier and parent are
    /// the root.
    static func expectRoot(_ context: CheckContext, _ root: ItemSnapshot, _ situation: String) {
        expectReservedFolder(context, root, is: .rootContainer, in: .rootContainer, clause: "R9.20", situation)
    }

    static let rootIsItsOwnParent = ConformanceCheck(
        "ITEM-40",
        .items,
        "the root item's parent is the root itself",
        rule: "Rule 9 (the reserved identifiers)",
        clauses: ["R9.20"],
        rationale: "The system walks parents up to the root and stops where an item is its own parent; a root "
            + "whose parent is empty or another identifier sends it looking for a folder that does not exist.",
        tier: .smoke
    ) { context in
        expectRoot(context, try await context.item(.rootContainer), "of a fresh domain")
    }

    static let rootAfterWrites = ConformanceCheck(
        "ITEM-41",
        .items,
        "after writes in the root, and from another provider instance, the root is still its own parent",
        rule: "Rule 9 (the reserved identifiers)",
        clauses: ["R9.20"],
        rationale: "A provider that builds the root from its backend's record after the first write (an object "
            + "store's empty prefix, a database row) often fills the parent from that record.",
        requires: .writing
    ) { context in
        let child = try await context.createFolder(named: "UnderRoot")
        _ = try await context.createFile(named: "file.txt", in: child.itemIdentifier)
        expectRoot(context, try await context.item(.rootContainer), "after writes")
        let listed = try await context.list(.rootContainer)
        context.expect(
            !listed.contains { $0.itemIdentifier == .rootContainer },
            "the root's listing holds the root itself",
            clauses: ["R9.20", "R2.6"]
        )
        guard context.capabilities.contains(.freshInstances) else { return }
        let other = try await context.openAnotherInstance()
        context.note("item(for: root) on another instance")
        expectRoot(context, ItemSnapshot(try await other.item(for: .rootContainer, request: Request())), "elsewhere")
    }

    /// Records a finding naming R9.21 unless `trash` is a folder in the root whose identifier is
    /// the trash.
    static func expectTrash(_ context: CheckContext, _ trash: ItemSnapshot, _ situation: String) {
        expectReservedFolder(context, trash, is: .trashContainer, in: .rootContainer, clause: "R9.21", situation)
    }

    /// Looks up the trash, recording a finding naming R9.21 when the lookup fails.
    static func lookUpTrash(_ context: CheckContext, _ situation: String) async throws -> ItemSnapshot? {
        do {
            return try await context.item(.trashContainer)
        } catch let error as FileProviderError {
            context.fail(
                "item(for: trash) \(situation) failed in a domain with a trash",
                clauses: ["R9.21"],
                expected: "the trash: a folder in the root",
                actual: "\(error)"
            )
            return nil
        }
    }

    static let trashIsAnItem = ConformanceCheck(
        "ITEM-42",
        .items,
        "in a domain with a trash, item(for: trash) returns the trash, a folder in the root",
        rule: "Rule 9 (the reserved identifiers)",
        clauses: ["R9.21"],
        rationale: "The system looks the trash up like any container before it shows or fills it; a provider "
            + "whose trash can be enumerated but not looked up (noSuchItem) makes it drop the trash's contents.",
        requires: .trash,
        tier: .smoke
    ) { context in
        guard let trash = try await lookUpTrash(context, "of a fresh domain") else { return }
        expectTrash(context, trash, "of a fresh domain")
    }

    static let trashItemAfterTrashing = ConformanceCheck(
        "ITEM-43",
        .items,
        "after an item is trashed, item(for: trash) still returns the trash, and the item's parent is it",
        rule: "Rule 9 (the reserved identifiers)",
        clauses: ["R9.21", "R14.1"],
        rationale: "A trashed item's parent must resolve: one whose parent is the trash while the trash itself "
            + "is no item is an orphan the system cannot place.",
        requires: [.writing, .trash]
    ) { context in
        let file = try await context.createFile(named: "to-trash.txt")
        let trashed = try await context.move(file, to: .trashContainer)
        guard let trash = try await lookUpTrash(context, "after trashing") else { return }
        expectTrash(context, trash, "after trashing")
        context.expectEqual(
            trashed.parentItemIdentifier,
            trash.itemIdentifier,
            "the trashed item's parent is not the trash item"
        )
    }

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
