import FileProviderKit
import Foundation

/// Checks of the working set (`WS-…`).
///
/// The checks live in the catalogue's folders, one folder per rule of the behavioural contract; this
/// file lists them in report order and holds the helpers that checks of several rules share.
enum WorkingSetChecks {
    static let all: [ConformanceCheck] = [
        realParents, everyDepth, reportsChangesEverywhere, alwaysAnchored, listsTrashedItems, remoteNestedCreations,
        remoteEditsInUnlistedFolders,
    ]

}
