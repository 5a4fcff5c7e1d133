#if canImport(Glibc)
import Glibc
#endif

/// A failure the mount itself detects before calling the provider, as an `errno`.
struct MountError: Error, Equatable {
    /// The `errno`, positive.
    let code: Int32

    static let noEntry = MountError(code: ENOENT)
    static let exists = MountError(code: EEXIST)
    static let notDirectory = MountError(code: ENOTDIR)
    static let isDirectory = MountError(code: EISDIR)
    static let notEmpty = MountError(code: ENOTEMPTY)
    static let badDescriptor = MountError(code: EBADF)
    static let invalid = MountError(code: EINVAL)
    static let accessDenied = MountError(code: EACCES)
    static let notPermitted = MountError(code: EPERM)

    /// The error of the last failed system call.
    static var lastSystemError: MountError { MountError(code: errno) }
}
