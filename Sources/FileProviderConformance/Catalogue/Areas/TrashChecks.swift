import FileProviderKit
import Foundation

/// Checks of the trash (`TRASH-…`).
///
/// The checks live in the catalogue's folders, one folder per rule of the behavioural contract; this
/// file lists them in report order and holds the helpers that checks of several rules share.
enum TrashChecks {
    static let all: [ConformanceCheck] = [
        trashRoundTrip, restore, deleteFromTrash, trashReported, trashUndeclared, trashMoveUndeclared, restoreElsewhere,
        trashedNameFreeForCreation, trashRoundTripKeepsFields, trashedNameFreeForRenames, trashListsExactlyTrashed,
        restoredLeavesTrashEnumerator, restoreIntoDeletedFolderKeepsFile, restoreIntoDeletedFolderKeepsFolder,
        restoreReportedByTrash, restoreWithRename,
        trashAfterEmptying, trashBacklogInSmallBatches,
        membershipBothWays, trashedFolderTakesItems, largeDeletionFromTrash,
    ]

}
