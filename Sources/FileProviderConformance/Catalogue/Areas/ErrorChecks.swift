import FileProviderKit
import Foundation

/// Checks of error codes and atomic failures (`ERR-…`).
///
/// The checks live in the catalogue's folders, one folder per rule of the behavioural contract; this
/// file lists them in report order and holds the helpers that checks of several rules share.
enum ErrorChecks {
    static let all: [ConformanceCheck] = [
        missingContents, failuresAreAtomic, readOnlyRefusesWrites, unreachableMutations, unreachableEnumerations,
        unreachableFolderChanges, unreachableContinuation, fileChangeFailsWhole, folderChangeFailsWhole,
        unreachableHeldEnumerators,
        unreachableContinuationPage,
        unreachableOptionalCalls,
        fullQuotaWrites,
        invalidCredentialsCalls,
        invalidCredentialsHeldState,
    ]

    /// The folders and files of a folder-move attempt, by identifier.
    struct AlbumTree {
        var from: ItemIdentifier
        var to: ItemIdentifier
        var album: ItemIdentifier
        var inner: ItemIdentifier
        var files: [(name: String, identifier: ItemIdentifier, content: Data)]

        /// The shape with the album at `albumPath`, or without it when `nil`.
        func shape(albumPath: String?) -> TreeShape {
            var entries: [String: TreeShape.Entry] = [
                "From": .init(identifier: from, content: nil), "To": .init(identifier: to, content: nil),
            ]
            if let albumPath {
                entries[albumPath] = .init(identifier: album, content: nil)
                entries[albumPath + "/Inner"] = .init(identifier: inner, content: nil)
                for file in files {
                    entries[albumPath + "/" + file.name] = .init(identifier: file.identifier, content: file.content)
                }
            }
            return TreeShape(entries: entries)
        }
    }
}
