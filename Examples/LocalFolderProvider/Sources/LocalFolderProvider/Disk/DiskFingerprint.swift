import FileProviderKit
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file on which device: stays the same when the file is renamed or moved within the
/// device, and is how a rescan recognises an item another program moved.
struct FileIdentity: Hashable, Codable, Sendable {
    var device: UInt64
    var inode: UInt64
}

/// What the provider knows of an entry on disk, read without following symbolic links.
///
/// A file's content counts as changed when its identity, size or modification date differ; a
/// folder's modification date changes with its children and is not compared.
struct DiskFingerprint: Hashable, Codable, Sendable {
    enum Kind: String, Codable, Sendable {
        case file
        case folder
        /// A symbolic link, socket, device, a file with more than one name (a hard link shares its
        /// inode with a file that may be outside the root), or anything else the provider never
        /// exposes.
        case other
    }

    var identity: FileIdentity
    var kind: Kind
    var size: Int64
    var modificationDate: Date
    /// The permission bits (`st_mode & 0o7777`); `nil` in fingerprints journaled before they
    /// were recorded.
    var permissions: UInt16?

    /// The fingerprint of what `lstat`, `fstatat(…, AT_SYMLINK_NOFOLLOW)` or `fstat` reported.
    init(_ status: stat) {
        identity = FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        switch status.st_mode & S_IFMT {
        case S_IFREG where status.st_nlink == 1: kind = .file
        case S_IFDIR: kind = .folder
        default: kind = .other
        }
        size = Int64(status.st_size)
        permissions = UInt16(status.st_mode & 0o7777)
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        modificationDate = Self.modificationDate(of: time)
    }

    /// The date of a file-system time, as Foundation reads it, so fingerprints taken either way
    /// compare equal — and a date set with `futimens` reads back as this.
    static func modificationDate(of time: timespec) -> Date {
        Date(
            timeIntervalSinceReferenceDate: Double(time.tv_sec) - Date.timeIntervalBetween1970AndReferenceDate
                + Double(time.tv_nsec) / 1_000_000_000
        )
    }

    /// Reads the entry at `url` with `lstat` semantics; `nil` when there is none or it cannot be read.
    static func read(_ url: URL) -> DiskFingerprint? {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return nil }
        return DiskFingerprint(status)
    }

    /// The item flags of a file with these permission bits: the owner's read, write and execute
    /// bits; the defaults when the bits are not known.
    var fileSystemFlags: FileSystemFlags? {
        guard let permissions else { return nil }
        var flags: FileSystemFlags = []
        if permissions & 0o400 != 0 { flags.insert(.userReadable) }
        if permissions & 0o200 != 0 { flags.insert(.userWritable) }
        if permissions & 0o100 != 0 { flags.insert(.userExecutable) }
        return flags
    }

    /// The permission bits a file with `flags` gets: the owner's bits from the flags, and read
    /// and execute for the group and others where the owner has them (0644, 0755, 0444, 0555).
    static func permissions(for flags: FileSystemFlags) -> mode_t {
        var mode: mode_t = 0
        if flags.contains(.userReadable) { mode |= 0o444 }
        if flags.contains(.userWritable) { mode |= 0o200 }
        if flags.contains(.userExecutable) { mode |= 0o111 }
        return mode
    }

    /// Whether a file's content differs between the two fingerprints.
    func contentDiffers(from other: DiskFingerprint) -> Bool {
        kind == .file
            && (identity != other.identity || size != other.size || modificationDate != other.modificationDate)
    }
}
