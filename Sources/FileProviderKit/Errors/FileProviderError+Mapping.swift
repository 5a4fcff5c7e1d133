import Foundation

extension FileProviderError {
    /// The error a provider throws for `error`, which its storage or network layer threw while
    /// serving the item `itemIdentifier`: written for `catch` blocks,
    /// `catch { throw FileProviderError.mapped(error, itemIdentifier: identifier) }`.
    ///
    /// - A `FileProviderError` is returned unchanged, except that it gains `itemIdentifier` when it
    ///   names no item.
    /// - A `CancellationError` is returned unchanged, so that a cancelled call still ends with it.
    /// - A `CocoaError` or a `POSIXError` becomes the `FileProviderError` its initializer makes,
    ///   following the table on that initializer.
    /// - Any other error becomes an ``Code/unclassified`` (Cocoa 4101, `NSXPCConnectionReplyInvalid`)
    ///   carrying it as its underlying error, as Apple's system wraps an extension's error outside
    ///   the Cocoa and File Provider domains. The code is transient: the operation is retried with
    ///   back-off. Throw ``Code/cannotSynchronize`` yourself only when retrying cannot succeed
    ///   until the item or the provider changes — the system then stops retrying.
    public static func mapped(_ error: any Error, itemIdentifier: ItemIdentifier? = nil) -> any Error {
        switch error {
        case let error as FileProviderError:
            var error = error
            error.itemIdentifier = error.itemIdentifier ?? itemIdentifier
            return error
        case let error as CancellationError:
            return error
        case let error as CocoaError:
            return FileProviderError(error, itemIdentifier: itemIdentifier)
        case let error as POSIXError:
            return FileProviderError(error, itemIdentifier: itemIdentifier)
        default:
            return FileProviderError(.unclassified, itemIdentifier: itemIdentifier, underlyingError: error)
        }
    }

    /// The `FileProviderError` for a Foundation file error about the item `itemIdentifier`,
    /// carrying `cocoaError` as its underlying error.
    ///
    /// | `CocoaError.Code` | ``Code`` |
    /// | --- | --- |
    /// | `fileNoSuchFile`, `fileReadNoSuchFile` | ``Code/fileReadNoSuchFile`` |
    /// | `fileReadNoPermission` | ``Code/fileReadNoPermission`` |
    /// | `fileWriteNoPermission`, `fileWriteVolumeReadOnly` | ``Code/fileWriteNoPermission`` |
    /// | `fileReadInvalidFileName`, `fileWriteInvalidFileName` | ``Code/invalidFilename`` |
    /// | `fileWriteFileExists` | ``Code/filenameCollision`` |
    /// | `fileWriteOutOfSpace` | ``Code/insufficientQuota`` |
    /// | `featureUnsupported` | ``Code/featureUnsupported`` |
    /// | `fileReadUnknown`, `fileReadCorruptFile` | ``Code/fileReadUnknown`` |
    /// | any other | ``Code/unclassified`` (transient: retried) |
    ///
    /// A missing file is ``Code/fileReadNoSuchFile``, the code for a file handed to the provider
    /// (the `contents` of a creation or modification) that does not exist. When a file of your own
    /// storage is missing because the *item* is gone, throw ``nonExistentItem(withIdentifier:)``
    /// yourself: only ``Code/noSuchItem`` makes the system drop its copy. A collision made here
    /// carries no existing item; use ``collision(with:)`` when you have it.
    public init(_ cocoaError: CocoaError, itemIdentifier: ItemIdentifier? = nil) {
        let code: Code =
            switch cocoaError.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: .fileReadNoSuchFile
            case .fileReadNoPermission: .fileReadNoPermission
            case .fileWriteNoPermission, .fileWriteVolumeReadOnly: .fileWriteNoPermission
            case .fileReadInvalidFileName, .fileWriteInvalidFileName: .invalidFilename
            case .fileWriteFileExists: .filenameCollision
            case .fileWriteOutOfSpace: .insufficientQuota
            case .featureUnsupported: .featureUnsupported
            case .fileReadUnknown, .fileReadCorruptFile: .fileReadUnknown
            default: .unclassified
            }
        self.init(code, itemIdentifier: itemIdentifier, underlyingError: cocoaError)
    }

    /// The `FileProviderError` for a system call's error about the item `itemIdentifier`, carrying
    /// `posixError` as its underlying error.
    ///
    /// | `POSIXErrorCode` | ``Code`` |
    /// | --- | --- |
    /// | `ENOENT` | ``Code/fileReadNoSuchFile`` |
    /// | `EACCES`, `EPERM`, `EROFS` | ``Code/fileWriteNoPermission`` |
    /// | `EEXIST` | ``Code/filenameCollision`` |
    /// | `ENOTEMPTY` | ``Code/directoryNotEmpty`` |
    /// | `ENOSPC`, `EDQUOT` | ``Code/insufficientQuota`` |
    /// | `ENAMETOOLONG`, `EILSEQ` | ``Code/invalidFilename`` |
    /// | `EINVAL`, `EISDIR`, `ENOTDIR` | ``Code/invalidArgument`` |
    /// | `EOPNOTSUPP`, `ENOTSUP` | ``Code/featureUnsupported`` |
    /// | `ETIMEDOUT`, `ECONNREFUSED`, `ECONNRESET`, `ENETDOWN`, `ENETUNREACH`, `EHOSTUNREACH`, `ENOTCONN` | ``Code/serverUnreachable`` |
    /// | any other | ``Code/unclassified`` (transient: retried) |
    ///
    /// POSIX does not say whether reading or writing was refused: a provider that knows it was
    /// reading throws ``Code/fileReadNoPermission`` itself. As with `CocoaError`, a missing file
    /// is not a missing item: throw ``nonExistentItem(withIdentifier:)`` for that. A collision made
    /// here carries no existing item; use ``collision(with:)`` when you have it.
    public init(_ posixError: POSIXError, itemIdentifier: ItemIdentifier? = nil) {
        // The switch is over the error's number rather than its `code`. On Linux ENOTSUP and
        // EOPNOTSUPP are one number (95), which `POSIXErrorCode` names only `.EOPNOTSUPP`; on Darwin
        // they are two (45 and 102), and `POSIXErrorCode` names only `.ENOTSUP`, having no case for
        // 102, so there `code` cannot stand for an EOPNOTSUPP error (it traps). The C constants name
        // the right numbers on both.
        let number = Int32(truncatingIfNeeded: posixError.errorCode)
        let code: Code =
            switch POSIXErrorCode(rawValue: number) {
            case .ENOENT: .fileReadNoSuchFile
            case .EACCES, .EPERM, .EROFS: .fileWriteNoPermission
            case .EEXIST: .filenameCollision
            case .ENOTEMPTY: .directoryNotEmpty
            case .ENOSPC, .EDQUOT: .insufficientQuota
            case .ENAMETOOLONG, .EILSEQ: .invalidFilename
            case .EINVAL, .EISDIR, .ENOTDIR: .invalidArgument
            case _ where number == EOPNOTSUPP || number == ENOTSUP: .featureUnsupported
            case .ETIMEDOUT, .ECONNREFUSED, .ECONNRESET, .ENETDOWN, .ENETUNREACH, .EHOSTUNREACH, .ENOTCONN:
                .serverUnreachable
            default: .unclassified
            }
        self.init(code, itemIdentifier: itemIdentifier, underlyingError: posixError)
    }
}
