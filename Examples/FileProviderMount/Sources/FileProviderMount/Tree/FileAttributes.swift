import FileProviderKit
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The `stat` of items: how the contract's items look to programs.
///
/// Modes come from ``FileProviderKit/FileSystemFlags``: the owner's read, write and execute bits
/// are the flags; the group and others get read and execute where the owner has them, never
/// write (so 0644, 0755, 0444 and 0555 round-trip; other modes are read back as the nearest of
/// them). Folders are 0755 (0555 without `userWritable`), symbolic links 0777. Times are the
/// content modification date (the creation date when there is none); link counts are 1.
struct FileAttributes: Sendable {
    let uid: uid_t
    let gid: gid_t

    /// The attributes of the root folder.
    func root() -> stat {
        var status = stat()
        status.st_mode = S_IFDIR | 0o755
        status.st_nlink = 1
        status.st_uid = uid
        status.st_gid = gid
        status.st_blksize = 4096
        return status
    }

    /// The attributes of `item`; `size` overrides its document size (an open working copy's).
    func of(_ item: ItemSnapshot, size: Int64? = nil) -> stat {
        var status = stat()
        let flags = item.fileSystemFlags
        let type = item.contentType
        if type.isSymbolicLink {
            status.st_mode = S_IFLNK | 0o777
            status.st_size = off_t(item.symlinkTargetPath?.utf8.count ?? 0)
        } else if type.isDirectory {
            status.st_mode = S_IFDIR | (flags.contains(.userWritable) ? 0o755 : 0o555)
            status.st_size = 4096
        } else {
            status.st_mode = S_IFREG | Self.permissions(of: flags)
            status.st_size = off_t(size ?? item.documentSize ?? 0)
        }
        status.st_nlink = 1
        status.st_uid = uid
        status.st_gid = gid
        status.st_blksize = 4096
        status.st_blocks = blkcnt_t((Int64(status.st_size) + 511) / 512)
        let time = Self.timespec(
            of: item.contentModificationDate ?? item.creationDate ?? Date(timeIntervalSince1970: 0)
        )
        status.st_mtim = time
        status.st_atim = time
        status.st_ctim = time
        return status
    }

    /// The permission bits of a file with `flags`.
    static func permissions(of flags: FileSystemFlags) -> mode_t {
        var mode: mode_t = 0
        if flags.contains(.userReadable) { mode |= 0o444 }
        if flags.contains(.userWritable) { mode |= 0o200 }
        if flags.contains(.userExecutable) { mode |= 0o111 }
        return mode
    }

    /// The flags for permission bits: the owner's bits decide.
    static func flags(for mode: mode_t, hidden: Bool) -> FileSystemFlags {
        var flags: FileSystemFlags = []
        if mode & 0o400 != 0 { flags.insert(.userReadable) }
        if mode & 0o200 != 0 { flags.insert(.userWritable) }
        if mode & 0o100 != 0 { flags.insert(.userExecutable) }
        if hidden { flags.insert(.hidden) }
        return flags
    }

    static func timespec(of date: Date) -> Glibc.timespec {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        return Glibc.timespec(tv_sec: Int(seconds), tv_nsec: Int((date.timeIntervalSince1970 - seconds) * 1e9))
    }
}
