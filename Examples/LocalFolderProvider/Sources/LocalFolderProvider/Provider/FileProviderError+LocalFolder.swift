import FileProviderKit
import Foundation

/// The errors the provider throws beyond the library's own constructors, each with a message that
/// names what went wrong.
extension FileProviderError {
    /// A file-system call failed.
    static func io(_ message: String) -> FileProviderError {
        FileProviderError(.cannotSynchronize, message: "The folder could not be updated: \(message).")
    }

    /// The contents file the caller handed in does not exist.
    static func contentsMissing(_ url: URL) -> FileProviderError {
        FileProviderError(.fileReadNoSuchFile, message: "The contents file \(url.path) does not exist.")
    }

    /// The contents file the caller handed in cannot be read.
    static func contentsUnreadable(_ url: URL, reason: String) -> FileProviderError {
        FileProviderError(.fileReadUnknown, message: "The contents file \(url.path) cannot be read: \(reason).")
    }

    /// An entry on disk is not the one the provider recorded, even after a rescan.
    static func changedOnDisk(_ url: URL) -> FileProviderError {
        FileProviderError(
            .cannotSynchronize,
            message: "\(url.path) changed on disk while the provider used it; it is left alone."
        )
    }

    /// A write to the root, the working set or the trash themselves.
    static func reservedContainer(_ identifier: ItemIdentifier) -> FileProviderError {
        FileProviderError(
            .fileWriteNoPermission,
            itemIdentifier: identifier,
            message: "\(identifier) is a container of the domain and cannot be changed."
        )
    }

    /// Any call after ``LocalFolderProvider/invalidate()``.
    static let invalidated = FileProviderError(
        .cannotSynchronize,
        message: "The provider was invalidated; open a new one over the folder."
    )
}
