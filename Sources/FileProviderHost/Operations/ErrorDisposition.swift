import FileProviderKit

/// What a host does with work that failed with an error: the system's reading of the error
/// contract (DESIGN §3 rule 17; Apple's per-method table).
public enum ErrorDisposition: Sendable, Hashable {
    /// The code is resolvable (`FileProviderError.Code.isResolvable`): hold the work until
    /// ``ProviderHost/signalErrorResolved(_:)`` for that code.
    case park(FileProviderError.Code)
    /// Retrying cannot help: the provider answered definitively about this request (a collision,
    /// a missing item, a rejected deletion, a conflict, an invalid request). The work fails.
    case fail
    /// Anything else, including errors that are not `FileProviderError`s and
    /// `FileProviderError.Code.unclassified` (what `FileProviderError.mapped` makes of them):
    /// retry with capped back-off. `cannotSynchronize`, Apple's definitive failure, is resolvable
    /// and parks instead.
    case retry

    /// Classifies an error thrown by a provider call.
    public init(classifying error: any Error) {
        guard let error = error as? FileProviderError else {
            self = .retry
            return
        }
        if error.code.isResolvable {
            self = .park(error.code)
        } else if Self.definitiveCodes.contains(error.code) {
            self = .fail
        } else {
            self = .retry
        }
    }

    /// The codes that end an operation: Apple's codes the system answers with a specific action
    /// rather than a retry, and the Cocoa and POSIX codes of malformed or refused requests.
    public static let definitiveCodes: Set<FileProviderError.Code> = [
        .filenameCollision, .noSuchItem, .deletionRejected, .directoryNotEmpty, .versionNoLongerAvailable,
        .localVersionConflictingWithServer, .invalidArgument, .fileReadNoPermission, .fileReadNoSuchFile,
        .fileWriteNoPermission, .invalidFilename, .featureUnsupported,
    ]
}
