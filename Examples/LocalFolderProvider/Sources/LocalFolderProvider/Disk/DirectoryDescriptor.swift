import FileProviderKit
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open folder, and the only way the provider touches the root and the trash: every call names
/// one entry *in* the folder (a single path component, never a path) and never follows a symbolic
/// link, so nothing another program swaps in — a folder replaced by a link to the outside, say —
/// can lead a call out of the folder. A descriptor keeps naming the folder it was opened on,
/// whatever happens to its path afterwards.
///
/// Opening a child folder (``folder(_:expecting:)``) checks, on the open descriptor, that it is the
/// folder the provider recorded: there is no moment between a check and a use for a swap to slip
/// into.
final class DirectoryDescriptor {
    let descriptor: Int32
    /// The folder's path when it was opened, for messages only.
    let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    /// Opens the folder at an absolute `path` the caller trusts (the root, the state folder), not
    /// following a link in its last component.
    ///
    /// - Throws: `noSuchItem` when it is not a folder.
    convenience init(path: String) throws {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileProviderError(.noSuchItem, message: "\(path) is not a directory: \(Self.lastError).")
        }
        self.init(descriptor: descriptor, path: path)
    }

    deinit {
        close(descriptor)
    }

    /// The folder itself, as it is now.
    var fingerprint: DiskFingerprint? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return DiskFingerprint(status)
    }

    /// The entry `name` in the folder, not following a link; `nil` when there is none.
    func fingerprint(of name: String) -> DiskFingerprint? {
        var status = stat()
        guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return DiskFingerprint(status)
    }

    /// Whether the record's entry in this folder is the file or folder it recorded.
    func matches(_ record: ItemRecord) -> Bool {
        guard let disk = fingerprint(of: record.diskName) else { return false }
        return disk.identity == record.disk.identity && disk.kind == (record.isFolder ? .folder : .file)
    }

    /// Opens the child folder `name` — never through a link — and, with `identity`, only when it is
    /// that folder; `nil` otherwise.
    func folder(_ name: String, expecting identity: FileIdentity? = nil) -> DirectoryDescriptor? {
        let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard child >= 0 else { return nil }
        let folder = DirectoryDescriptor(descriptor: child, path: path + "/" + name)
        guard let disk = folder.fingerprint, disk.kind == .folder, identity.map({ $0 == disk.identity }) ?? true
        else { return nil }
        return folder
    }

    /// Opens the entry `name` for reading — never through a link — and returns it with what it is,
    /// or `nil` when it cannot be opened.
    func openEntry(_ name: String) -> (handle: FileHandle, disk: DiskFingerprint)? {
        let entry = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard entry >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: entry, closeOnDealloc: true)
        var status = stat()
        guard fstat(entry, &status) == 0 else { return nil }
        return (handle, DiskFingerprint(status))
    }

    /// Creates a new, empty file `name` for writing; fails when any entry has that name.
    func createFile(_ name: String) throws -> Int32 {
        let file = openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw error("create", name) }
        return file
    }

    /// Creates the folder `name`.
    ///
    /// - Returns: `false` when an entry already has that name.
    func makeFolder(_ name: String) throws -> Bool {
        guard mkdirat(descriptor, name, 0o755) == 0 else {
            if errno == EEXIST { return false }
            throw error("mkdir", name)
        }
        return true
    }

    /// Renames the entry `name` to `newName` in `folder`, replacing a file there.
    func rename(_ name: String, to folder: DirectoryDescriptor, as newName: String) throws {
        guard renameat(descriptor, name, folder.descriptor, newName) == 0 else { throw error("rename", name) }
    }

    /// Gives the file `name` a second name, `newName` in `folder`, unless that name is taken.
    ///
    /// - Returns: `false` when an entry already has that name.
    func link(_ name: String, to folder: DirectoryDescriptor, as newName: String) throws -> Bool {
        guard linkat(descriptor, name, folder.descriptor, newName, 0) == 0 else {
            if errno == EEXIST { return false }
            throw error("link", newName)
        }
        return true
    }

    /// Removes the file `name`; nothing happens when there is none.
    func removeFile(_ name: String) {
        unlinkat(descriptor, name, 0)
    }

    /// Removes the folder `name` when it is the folder `identity` and empty (`rmdir` refuses a
    /// folder with anything in it); nothing happens otherwise. The folder is flushed after.
    func removeEmptyFolder(_ name: String, expecting identity: FileIdentity) {
        guard fingerprint(of: name)?.identity == identity, unlinkat(descriptor, name, AT_REMOVEDIR) == 0 else { return }
        try? sync()
    }

    /// Removes the entry `name` and, for a folder, everything in it, without following links.
    func removeTree(_ name: String) {
        if let folder = folder(name) {
            for child in folder.entryNames() { folder.removeTree(child) }
        }
        if unlinkat(descriptor, name, AT_REMOVEDIR) != 0 { unlinkat(descriptor, name, 0) }
    }

    /// The names of the folder's entries (without `.` and `..`), sorted.
    func entryNames() -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0 else { return [] }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard let name = String(validating: bytes, as: UTF8.self), name != ".", name != ".." else { continue }
            names.append(name)
        }
        return names.sorted()
    }

    /// Flushes the folder's entries to the device.
    func sync() throws {
        guard fsync(descriptor) == 0 else { throw error("fsync", "") }
    }

    /// Sets the modification (and access) date of the open entry `descriptor`, a file or a folder.
    ///
    /// - Throws: what ``timestamp(_:)`` throws; `cannotSynchronize` when the call fails.
    static func setModificationDate(_ date: Date, of descriptor: Int32) throws {
        let time = try timestamp(date)
        var times = [time, time]
        guard futimens(descriptor, &times) == 0 else {
            throw FileProviderError.io("cannot set a modification date: \(lastError)")
        }
    }

    /// `date` as a file-system time.
    ///
    /// - Throws: `invalidArgument` for a date no file system can hold (more than about 30 million
    ///   years from 1970).
    static func timestamp(_ date: Date) throws -> timespec {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else {
            throw FileProviderError(
                .invalidArgument,
                message: "The modification date \(date.timeIntervalSince1970) s after 1970 cannot be stored on disk."
            )
        }
        let nanoseconds = ((date.timeIntervalSince1970 - seconds) * 1_000_000_000).rounded()
        return timespec(tv_sec: time_t(seconds), tv_nsec: Int(min(nanoseconds, 999_999_999)))
    }

    /// The `errno` of the last call, as an error naming the call and the entry.
    func error(_ call: String, _ name: String) -> FileProviderError {
        .io("\(call) \(path)/\(name): \(Self.lastError)")
    }

    static var lastError: String { String(cString: strerror(errno)) }
}
