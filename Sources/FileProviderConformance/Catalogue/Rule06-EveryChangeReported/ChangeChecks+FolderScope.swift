import FileProviderKit
import Foundation

/// The CHG checks of rule 6, *every change is reported, in a usable order* — a folder's changes are its own (CHG-40, CHG-41, CHG-42, CHG-43).
extension ChangeChecks {
    static let folderChangesOnlyItsChildren = ConformanceCheck(
        "CHG-40",
        .changes,
        "a folder's changes report its direct children only: not a sibling folder's, a grandchild's or its own",
        rule: "Rule 6 (every change reported)",
        clauses: ["R6.20", "R6.10"],
        rationale: "A consumer applies a folder's changes to that folder: a provider whose folder enumerators "
            + "report the whole domain's change feed makes it show another folder's files here, a grandchild "
            + "as a child, and the folder inside itself.",
        requires: .writing
    ) { context in
        let folder = try await context.createFolder(named: "Scoped")
        let elsewhere = try await context.createFolder(named: "Elsewhere")
        let sub = try await context.createFolder(named: "Sub", in: folder.itemIdentifier)
        let kept = try await context.createFile(named: "kept.txt", in: folder.itemIdentifier)
        let leaving = try await context.createFile(named: "leaving.txt", in: folder.itemIdentifier)
        let other = try await context.createFile(named: "other.txt", in: elsewhere.itemIdentifier)
        let anchor = try await context.anchor(folder.itemIdentifier)
        _ = try await context.rename(other, to: "other-renamed.txt")
        _ = try await context.createFile(named: "grandchild.txt", in: sub.itemIdentifier)
        _ = try await context.createFile(named: "in-root.txt")
        _ = try await context.rename(try await context.item(folder.itemIdentifier), to: "Scoped-renamed")
        _ = try await context.write(Data("edited".utf8), to: kept)
        let created = try await context.createFile(named: "created.txt", in: folder.itemIdentifier)
        _ = try await context.move(leaving, to: elsewhere.itemIdentifier)
        for batchSize in [50, 1] {
            let changes = try await context.changes(folder.itemIdentifier, since: anchor, batchSize: batchSize)
            expectOnlyChildren(
                context,
                changes,
                of: "the folder",
                children: [kept.itemIdentifier, created.itemIdentifier],
                departed: [leaving.itemIdentifier],
                batchSize: batchSize
            )
            expectMentioned(context, leaving.itemIdentifier, movedTo: elsewhere.itemIdentifier, in: changes)
        }
    }

    static let rootAndTrashChangesOnlyTheirChildren = ConformanceCheck(
        "CHG-41",
        .changes,
        "the root's and the trash's changes report their direct children only, not edits deeper down",
        rule: "Rule 6 (every change reported)",
        clauses: ["R6.20", "R6.4"],
        rationale: "The root's consumer shows what the root's changes report: a provider answering every "
            + "container with the domain's feed shows files of nested folders at the top level, and trashed "
            + "items' old siblings in the trash.",
        requires: .writing
    ) { context in
        let deep = try await context.createFolder(named: "Deep")
        let inner = try await context.createFolder(named: "Inner", in: deep.itemIdentifier)
        let file = try await context.createFile(named: "inner.txt", in: inner.itemIdentifier)
        let top = try await context.createFile(named: "top.txt")
        let rootAnchor = try await context.anchor(.rootContainer)
        var trashAnchor: SyncAnchor?
        if context.capabilities.contains(.trash) {
            let trash = try await context.enumerator(.trashContainer)
            trashAnchor = try await context.changeAnchor(of: trash, for: .trashContainer)
        }
        _ = try await context.write(Data("deeper edit".utf8), to: file)
        _ = try await context.createFile(named: "new-inner.txt", in: inner.itemIdentifier)
        _ = try await context.rename(try await context.item(inner.itemIdentifier), to: "Inner-renamed")
        let fresh = try await context.createFile(named: "fresh.txt")
        var departed: Set<ItemIdentifier> = []
        if context.capabilities.contains(.trash) {
            _ = try await context.move(top, to: .trashContainer)
            departed.insert(top.itemIdentifier)
        }
        let rootChanges = try await context.changes(.rootContainer, since: rootAnchor, batchSize: 2)
        expectOnlyChildren(
            context,
            rootChanges,
            of: "the root",
            children: [fresh.itemIdentifier, top.itemIdentifier],
            departed: departed,
            batchSize: 2
        )
        guard let trashAnchor else { return }
        let trashChanges = try await context.changes(.trashContainer, since: trashAnchor, batchSize: 2)
        expectOnlyChildren(
            context,
            trashChanges,
            of: "the trash",
            children: [top.itemIdentifier],
            departed: [],
            batchSize: 2
        )
        context.expect(
            trashChanges.updatedItems.contains { $0.itemIdentifier == top.itemIdentifier },
            "the trash's changes do not report the item trashed into it",
            clauses: ["R6.4"],
            expected: "an update of \(top.itemIdentifier) with the trash as parent",
            actual: "\(trashChanges.updatedItems.map(\.itemIdentifier))"
        )
    }

    /// Records a finding for every update in `changes` of an item other than `children` (items
    /// whose parent is the container now) and `departed` (children that left it, which may come
    /// as an update carrying their new parent), and for every deletion of an item that was never
    /// the container's child.
    static func expectOnlyChildren(
        _ context: CheckContext,
        _ changes: ChangeSet,
        of container: String,
        children: Set<ItemIdentifier>,
        departed: Set<ItemIdentifier>,
        batchSize: Int
    ) {
        let strangers = changes.updatedItems.filter {
            !children.contains($0.itemIdentifier) && !departed.contains($0.itemIdentifier)
        }
        context.expect(
            strangers.isEmpty,
            "\(container)'s change enumeration (batches of \(batchSize)) reported items that are not its children",
            clauses: ["R6.20"],
            expected: "updates of \(children.sorted().map(\.rawValue)) only",
            actual: strangers.map { "\($0.itemIdentifier) \"\($0.filename)\" (parent \($0.parentItemIdentifier))" }
                .joined(separator: ", ")
        )
        let strangeDeletions = changes.deletedItemIdentifiers.filter {
            !children.contains($0) && !departed.contains($0)
        }
        context.expect(
            strangeDeletions.isEmpty,
            "\(container)'s change enumeration (batches of \(batchSize)) deleted items that never were its children",
            clauses: ["R6.20"],
            actual: "\(strangeDeletions.map(\.rawValue))"
        )
    }

    static let listingOnlyFoldersRefuseChanges = ConformanceCheck(
        "CHG-42",
        .changes,
        "a subject declaring listingOnlyFolders fails folder, root and trash change enumeration with featureUnsupported",
        rule: "Rule 6 (every change reported)",
        clauses: ["R6.21"],
        rationale: "A folder enumerator that reports no changes must say so: one that answers with an empty batch "
            + "tells the consumer nothing changed, and the folder's view goes stale for good.",
        requires: [.writing, .listingOnlyFolders]
    ) { context in
        let folder = try await context.createFolder(named: "ListingOnly")
        let workingSetAnchor = try await context.anchor(.workingSet)
        _ = try await context.createFile(named: "inside.txt", in: folder.itemIdentifier)
        var containers: [ItemIdentifier] = [folder.itemIdentifier, .rootContainer]
        if context.capabilities.contains(.trash) { containers.append(.trashContainer) }
        for container in containers {
            let enumerator = try await context.enumerator(container)
            context.note("currentSyncAnchor(\(container))")
            let anchor = try await enumerator.currentSyncAnchor() ?? workingSetAnchor
            await context.expectError(.featureUnsupported, "enumerateChanges of \(container)") {
                try await enumerator.changeBatch(from: anchor)
            }
        }
    }

    static let listingOnlyFoldersWorkingSetCarries = ConformanceCheck(
        "CHG-43",
        .changes,
        "with listingOnlyFolders, the working set reports creations, renames, moves and deletions inside folders",
        rule: "Rule 6 (every change reported)",
        clauses: ["R6.21", "R8.1"],
        rationale: "On Apple's systems remote changes reach the replica only through the working set; a provider "
            + "whose folders report no changes and whose working set skips theirs loses them all.",
        requires: [.writing, .listingOnlyFolders]
    ) { context in
        let folder = try await context.createFolder(named: "Carried")
        let inner = try await context.createFolder(named: "Inner", in: folder.itemIdentifier)
        let leaving = try await context.createFile(named: "leaving.txt", in: inner.itemIdentifier)
        let doomed = try await context.createFile(named: "doomed.txt", in: inner.itemIdentifier)
        let anchor = try await context.anchor(.workingSet)
        let created = try await context.createFile(named: "created.txt", in: inner.itemIdentifier)
        let renamed = try await context.rename(try await context.item(inner.itemIdentifier), to: "Inner-renamed")
        let moved = try await context.move(leaving, to: folder.itemIdentifier)
        try await context.delete(try await context.item(doomed.itemIdentifier))
        let changes = try await context.changes(.workingSet, since: anchor, batchSize: 2)
        let updates = Dictionary(changes.updatedItems.map { ($0.itemIdentifier, $0) }, uniquingKeysWith: { $1 })
        for expected in [created, renamed, moved] {
            let update = updates[expected.itemIdentifier]
            context.expect(
                update?.filename == expected.filename && update?.parentItemIdentifier == expected.parentItemIdentifier,
                "the working set did not carry the change of \(expected.itemIdentifier) inside a folder",
                clauses: ["R6.21", "R8.1"],
                expected: "\"\(expected.filename)\" in \(expected.parentItemIdentifier)",
                actual: update.map { "\"\($0.filename)\" in \($0.parentItemIdentifier)" } ?? "no update"
            )
        }
        context.expect(
            changes.deletedItemIdentifiers.contains(doomed.itemIdentifier),
            "the working set did not carry a deletion inside a folder",
            clauses: ["R6.21", "R8.1"],
            actual: "\(changes.deletedItemIdentifiers.map(\.rawValue))"
        )
    }
}
