import FileProviderKit
import Foundation

/// The CHG checks of rule 6, *every change is reported, in a usable order* — read-your-writes (CHG-62, CHG-63).
extension ChangeChecks {
    /// Creates, writes, renames, moves, trashes (with a trash) and deletes a file between `Inbox`
    /// and `Outbox`, and after each write checks, through the enumerators `enumerators` gives
    /// (the same ones throughout, or fresh ones), that the changes since the anchor before the
    /// write report it, and that lookups and listings show it.
    static func expectWritesReadBack(
        _ context: CheckContext,
        enumerators: @escaping (ItemIdentifier) async throws -> any Enumerator,
        batchSize: Int
    ) async throws {
        let inbox = try await context.createFolder(named: "Inbox").itemIdentifier
        let outbox = try await context.createFolder(named: "Outbox").itemIdentifier
        var anchors: [ItemIdentifier: SyncAnchor] = [:]
        // Folders are asked for their changes only when they report changes (not listingOnlyFolders).
        let folders = context.capabilities.contains(.listingOnlyFolders) ? [] : [inbox, outbox]
        for container in [ItemIdentifier.workingSet] + folders {
            let enumerator = try await enumerators(container)
            context.note("currentSyncAnchor(\(container))")
            if let anchor = try await enumerator.currentSyncAnchor() {
                anchors[container] = anchor
            } else if container == .workingSet {
                _ = try context.requireAnchor(nil, of: container)
            }
        }
        var file = try await context.createFile(named: "a.txt", in: inbox, contents: Data("one".utf8))
        let creation = WriteUnderTest(
            description: "the creation of a.txt",
            identifier: file.itemIdentifier,
            result: file,
            folders: [inbox]
        )
        try await context.settle()
        try await expectReadBack(context, creation, enumerators: enumerators, anchors: &anchors, batchSize: batchSize)
        var plan: [(String, WriteKind, [ItemIdentifier])] = [
            ("a content write", .write, [inbox]), ("a rename", .rename, [inbox]),
            ("a move to Outbox", .move(outbox), [inbox, outbox]),
        ]
        if context.capabilities.contains(.trash) {
            plan += [("trashing", .move(.trashContainer), [outbox]), ("a restore to Outbox", .move(outbox), [outbox])]
        }
        plan.append(("a deletion", .delete, [outbox]))
        for (description, kind, folders) in plan {
            let result: ItemSnapshot?
            switch kind {
            case .write: result = try await context.write(Data("two, longer".utf8), to: file)
            case .rename: result = try await context.rename(file, to: "b.txt")
            case .move(let parent): result = try await context.move(file, to: parent)
            case .delete:
                try await context.delete(file)
                result = nil
            }
            let write = WriteUnderTest(
                description: description,
                identifier: file.itemIdentifier,
                result: result,
                folders: folders
            )
            try await context.settle()
            try await expectReadBack(context, write, enumerators: enumerators, anchors: &anchors, batchSize: batchSize)
            if let result { file = result }
        }
    }

    /// Records a finding unless the changes of the working set and of `write`'s folders since
    /// their anchors report `write`, and lookups and listings show it; moves each anchor on.
    private static func expectReadBack(
        _ context: CheckContext,
        _ write: WriteUnderTest,
        enumerators: (ItemIdentifier) async throws -> any Enumerator,
        anchors: inout [ItemIdentifier: SyncAnchor],
        batchSize: Int
    ) async throws {
        for container in [ItemIdentifier.workingSet] + write.folders {
            guard let anchor = anchors[container] else { continue }
            let enumerator = try await enumerators(container)
            context.note("changes of \(container) since \(anchor) (batch size \(batchSize))")
            let changes = try await enumerator.changes(since: anchor, suggestedBatchSize: batchSize)
            anchors[container] = changes.anchor
            let reported = changes.updatedItems.last { $0.itemIdentifier == write.identifier }
            let deleted = changes.deletedItemIdentifiers.contains(write.identifier)
            let left = write.result.map { $0.parentItemIdentifier != container } ?? true
            let shown: Bool
            if container != .workingSet, left {
                shown = deleted || (reported.map { $0.parentItemIdentifier != container } ?? false)
            } else if let result = write.result {
                shown = !deleted && reported.map { ItemDigest($0) == ItemDigest(result) } == true
            } else {
                shown = deleted
            }
            context.expect(
                shown,
                "a change enumeration of \(container) started after \(write.description) of \(write.identifier) "
                    + "returned does not report it",
                expected: write.result.map {
                    left && container != .workingSet
                        ? "an update with a new parent, or a deletion" : "an update: \(ItemDigest($0))"
                }
                    ?? "a deletion",
                actual: "updates \(reported.map { ItemDigest($0).description } ?? "none") for it, "
                    + "deletions \(changes.deletedItemIdentifiers.prefix(5))"
            )
        }
        guard let result = write.result else {
            await context.expectError(.noSuchItem, "item(for: \(write.identifier)) after \(write.description)") {
                try await context.provider.item(for: write.identifier, request: Request())
            }
            return
        }
        let looked = try await context.item(write.identifier)
        context.expect(
            ItemDigest(looked) == ItemDigest(result),
            "item(for: \(write.identifier)) right after \(write.description) does not show it",
            expected: ItemDigest(result).description,
            actual: ItemDigest(looked).description
        )
        let listed = try await context.list(result.parentItemIdentifier).map(\.itemIdentifier)
        context.expect(
            listed.contains(write.identifier),
            "the listing of \(result.parentItemIdentifier) right after \(write.description) does not hold the item"
        )
    }

    static let writesReadBackFresh = ConformanceCheck(
        "CHG-62",
        .changes,
        "a change enumeration started after a creation, write, rename, move, trash, restore or deletion returned "
            + "reports it, on the working set and the folders involved",
        rule: "Rule 6 (changes)",
        clauses: ["R6.14", "R6.1", "R6.2", "R6.3"],
        rationale: "A provider over a change feed that lags its own writes (an object store's listing, a server's "
            + "eventually consistent journal) reports a write only later; a consumer that asks right after the "
            + "write returned sees nothing, keeps its anchor past the write, and never learns of it.",
        requires: .writing
    ) { context in
        try await expectWritesReadBack(context, enumerators: { try await context.enumerator($0) }, batchSize: 50)
    }

    static let writesReadBackOnKeptEnumerators = ConformanceCheck(
        "CHG-63",
        .changes,
        "writes are read back at once by the enumerators made before them, in batches of 1, and by lookups and "
            + "listings",
        rule: "Rule 6 (changes)",
        clauses: ["R6.14", "R6.10", "R6.4"],
        rationale: "The system keeps its enumerators and asks them for changes as soon as a write returns; a "
            + "provider whose enumerator caches the feed it read when it was made, or whose feed lags its own "
            + "writes, shows the write to nobody.",
        requires: .writing
    ) { context in
        let kept = LockedValue<[ItemIdentifier: any Enumerator]>([:])
        try await expectWritesReadBack(
            context,
            enumerators: { container in
                if let enumerator = kept.withLock({ $0[container] }) { return enumerator }
                let enumerator = try await context.enumerator(container)
                kept.withLock { $0[container] = enumerator }
                return enumerator
            },
            batchSize: 1
        )
    }
}
