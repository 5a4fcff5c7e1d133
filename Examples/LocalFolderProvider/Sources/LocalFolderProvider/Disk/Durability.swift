import FileProviderKit
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system calls that make a change survive a crash: flushing a file or a folder to
/// the device, replacing a file atomically, and staging and placing new content.
///
/// A change is durable once the bytes of the file and the folder entry naming it are both on the
/// device: write a temporary file, `fsync` it, `rename` it into place (atomic: readers see the old
/// or the new file, never half of one), then `fsync` the folder.
enum Durability {
    /// Flushes a file's or a folder's data and metadata to the device.
    static func sync(_ url: URL) throws {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw posixError("open", url) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw posixError("fsync", url) }
    }

    /// Renames `source` to `destination` (replacing a file there) and flushes both folders.
    static func rename(_ source: URL, to destination: URL) throws {
        guard Foundation.rename(source.path, destination.path) == 0 else { throw posixError("rename", destination) }
        try sync(destination.deletingLastPathComponent())
        if source.deletingLastPathComponent() != destination.deletingLastPathComponent() {
            try sync(source.deletingLastPathComponent())
        }
    }

    /// Writes `data` to `url` atomically and durably, through a temporary file beside it.
    static func write(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp")
        try data.write(to: temporary)
        try sync(temporary)
        try rename(temporary, to: url)
    }

    /// Copies the caller's file at `source` — or, when it is `nil`, nothing — into a new file in
    /// `staging`, holes kept (a sparse file stays sparse), with the permission bits `permissions`
    /// when given, dated `modificationDate` when given, flushed to the device, and returns its
    /// name. The copy reads through symbolic links: `source` is the caller's file, not the root's,
    /// and what lands in the root is always a regular file with the target's bytes.
    ///
    /// - Throws: `fileReadNoSuchFile` when `source` does not exist (a dangling link included);
    ///   `fileReadUnknown` when it is not a regular file (a folder, a device, a pipe) or cannot
    ///   be read; `invalidArgument` for a date the disk cannot hold; `insufficientQuota` (its
    ///   underlying error the `POSIXError` `ENOSPC`, `EDQUOT` or `EFBIG`) when the disk has no
    ///   room for it; `cannotSynchronize` when the staged file cannot be written otherwise.
    static func stage(
        _ source: URL?,
        in staging: DirectoryDescriptor,
        modificationDate: Date?,
        permissions: mode_t? = nil
    ) throws -> String {
        let input = try source.map(openContents)
        let name = UUID().uuidString
        let output = FileHandle(fileDescriptor: try staging.createFile(name), closeOnDealloc: true)
        do {
            if let input, let source {
                do {
                    try SparseCopy.copy(from: input.fileDescriptor, to: output.fileDescriptor)
                } catch {
                    if error.whileReading {
                        throw FileProviderError.contentsUnreadable(
                            source,
                            reason: String(cString: strerror(error.code))
                        )
                    }
                    throw stagingError(error.code)
                }
            }
            if let permissions, fchmod(output.fileDescriptor, permissions) != 0 { throw staging.error("chmod", name) }
            if let modificationDate {
                try DirectoryDescriptor.setModificationDate(modificationDate, of: output.fileDescriptor)
            }
            guard fsync(output.fileDescriptor) == 0 else { throw stagingError(errno) }
        } catch {
            staging.removeFile(name)
            throw error as? FileProviderError ?? FileProviderError.io("cannot stage content: \(error)")
        }
        return name
    }

    /// The error for a failed write of staged content: `insufficientQuota` when the disk is full
    /// or the file too large for it, `cannotSynchronize` otherwise.
    private static func stagingError(_ code: Int32) -> FileProviderError {
        let underlying = POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        guard [ENOSPC, EDQUOT, EFBIG].contains(code) else {
            return FileProviderError(
                .cannotSynchronize,
                message: "cannot stage content: \(underlying)",
                underlyingError: underlying
            )
        }
        return FileProviderError(
            .insufficientQuota,
            message: "The folder's disk has no room for the content: \(String(cString: strerror(code))).",
            underlyingError: underlying
        )
    }

    /// Opens the caller's contents file, through links, refusing anything but a regular file.
    private static func openContents(_ source: URL) throws -> FileHandle {
        let descriptor = open(source.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw FileProviderError.contentsMissing(source) }
            throw FileProviderError.contentsUnreadable(source, reason: DirectoryDescriptor.lastError)
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw FileProviderError.contentsUnreadable(source, reason: "it is not a regular file")
        }
        return handle
    }

    /// Moves the staged file `staged` to `name` in `folder` unless an entry already has that
    /// name, and flushes the folder. `link` fails rather than replace, so a file another program
    /// just created is never overwritten.
    ///
    /// - Returns: `false`, leaving the staged file in place, when the name is taken.
    static func place(
        _ staged: String,
        from staging: DirectoryDescriptor,
        in folder: DirectoryDescriptor,
        as name: String
    )
        throws -> Bool
    {
        guard try staging.link(staged, to: folder, as: name) else { return false }
        staging.removeFile(staged)
        try folder.sync()
        return true
    }

    /// The `errno` of the last call, as an error naming the call and the file.
    static func posixError(_ call: String, _ url: URL) -> FileProviderError {
        .io("\(call) \(url.path): \(String(cString: strerror(errno)))")
    }
}
