import FileProviderHost
import FileProviderKit
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The `errno` a mounted provider's failure reaches programs with: the table of
/// `Documentation/MountingOnLinux.md`.
///
/// Every code of ``FileProviderKit/FileProviderError/Code`` has one value, except that a
/// refusal for lack of space says which: `insufficientQuota` and `cannotSynchronize` whose
/// underlying error is a POSIX `ENOSPC`, `EDQUOT` or `EFBIG` give that code (`insufficientQuota`
/// is `EDQUOT` otherwise). Errors that are not `FileProviderError`s map as follows: `CancellationError` → `EINTR`, a stopped host → `ENOTCONN`,
/// a POSIX or Cocoa error carrying a POSIX code → that code, anything else → `EIO`.
public enum POSIXErrno {
    /// The `errno` for `error`, always positive.
    public static func code(for error: any Error) -> Int32 {
        switch error {
        case let error as FileProviderError: spaceCode(of: error) ?? code(for: error.code)
        case let error as MountError: error.code
        case is CancellationError: EINTR
        case HostError.stopped: ENOTCONN
        default: posixCode(of: error as NSError) ?? EIO
        }
    }

    /// The space errno a refusal for lack of space carries in its underlying error, if any.
    private static func spaceCode(of error: FileProviderError) -> Int32? {
        guard error.code == .insufficientQuota || error.code == .cannotSynchronize,
            let underlying = error.underlyingError,
            let code = posixCode(of: underlying as NSError),
            [ENOSPC, EDQUOT, EFBIG].contains(code)
        else { return nil }
        return code
    }

    private static func posixCode(of error: NSError) -> Int32? {
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError else { return nil }
        return posixCode(of: underlying)
    }

    /// The `errno` for a contract error code, always positive.
    public static func code(for code: FileProviderError.Code) -> Int32 {
        switch code {
        case .noSuchItem: ENOENT
        case .filenameCollision: EEXIST
        case .directoryNotEmpty: ENOTEMPTY
        case .insufficientQuota: EDQUOT
        case .invalidFilename, .invalidArgument: EINVAL
        case .fileWriteNoPermission, .fileReadNoPermission, .notAuthenticated: EACCES
        case .featureUnsupported: ENOTSUP
        case .serverUnreachable: EHOSTUNREACH
        case .deletionRejected, .localVersionConflictingWithServer, .unsyncedEdits: EBUSY
        case .versionNoLongerAvailable, .syncAnchorExpired: ESTALE
        case .excludedFromSync: EPERM
        case .domainDisabled, .providerDomainTemporarilyUnavailable, .providerDomainNotFound,
            .providerNotFound, .applicationExtensionNotFound:
            ENXIO
        case .cannotSynchronize, .unclassified, .fileReadUnknown, .fileReadNoSuchFile, .providerTranslocated,
            .olderExtensionVersionRunning, .newerExtensionVersionFound, .nonEvictableChildren, .nonEvictable:
            EIO
        }
    }
}
