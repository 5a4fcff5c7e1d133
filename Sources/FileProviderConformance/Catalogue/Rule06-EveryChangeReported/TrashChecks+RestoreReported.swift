import FileProviderKit
import Foundation

/// The TRASH checks of rule 6, *every change is reported, in a usable order* — a restore in the
/// trash's change feed (TRASH-15).
extension TrashChecks {
    static let restoreReportedByTrash = ConformanceCheck(
        "TRASH-15",
        .trash,
        "the trash's change enumeration reports a trashed item, then its restore as the item leaving the trash, "
            + "and the working set reports the restore as an update carrying the new parent",
        rule: "Rules 6 and 14 (changes, trash)",
        clauses: ["R6.20", "R6.10", "R6.4", "R14.2"],
        rationale: "The system keeps the trash's replica by catching up on the trash's enumerator; a provider "
            + "whose trash feed reports arrivals but never departures leaves a restored item in the trash on "
            + "every device, and emptying the trash there deletes the file the user put back.",
        requires: [.writing, .trash]
    ) { context in
        let folder = try await context.createFolder(named: "Home")
        let file = try await context.createFile(named: "note.txt", in: folder.itemIdentifier)
        let trash = try await context.enumerator(.trashContainer)
        let start = try context.requireAnchor(
            try await context.changeAnchor(of: trash, for: .trashContainer),
            of: .trashContainer
        )
        let trashed = try await context.move(file, to: .trashContainer)
        context.note("changes of the trash since \(start), on the enumerator that gave the anchor")
        let arrival = try await trash.changes(since: start, suggestedBatchSize: 50)
        context.expectEqual(
            arrival.updatedItems.first { $0.itemIdentifier == file.itemIdentifier }?.parentItemIdentifier,
            .trashContainer,
            "the trash's changes do not report the trashed item as an update whose parent is the trash"
        )
        let workingSetAnchor = try await context.anchor(.workingSet)
        _ = try await context.move(trashed, to: folder.itemIdentifier)
        context.note("changes of the trash since \(arrival.anchor), on the same enumerator, after the restore")
        let departure = try await trash.changes(since: arrival.anchor, suggestedBatchSize: 50)
        let update = departure.updatedItems.first { $0.itemIdentifier == file.itemIdentifier }
        let reported =
            departure.deletedItemIdentifiers.contains(file.itemIdentifier)
            || update?.parentItemIdentifier == folder.itemIdentifier
        context.expect(
            reported,
            "the trash's changes after the restore do not report the item leaving the trash",
            expected: "\(file.itemIdentifier) deleted (or updated with parent \(folder.itemIdentifier))",
            actual: "deleted \(departure.deletedItemIdentifiers.map(\.rawValue)), updated "
                + "\(departure.updatedItems.map { "\($0.itemIdentifier) in \($0.parentItemIdentifier)" })"
        )
        context.expect(
            update == nil || update?.parentItemIdentifier == folder.itemIdentifier,
            "the trash's changes after the restore report the item as still in the trash",
            actual: update.map { "updated with parent \($0.parentItemIdentifier)" } ?? "nil"
        )
        let (updated, deleted) = try await ChangeChecks.changes(context, since: workingSetAnchor)
        context.expect(!deleted.contains(file.itemIdentifier), "the working set reports the restored item deleted")
        context.expectEqual(
            updated[file.itemIdentifier]?.parentItemIdentifier,
            folder.itemIdentifier,
            "the working set does not report the restore as an update carrying the restored parent"
        )
    }
}
