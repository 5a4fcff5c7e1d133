import Foundation

/// Writes and removes the content files the package's modules hand to each other.
///
/// `Data.write(to:)` and `FileManager.createFile` flush every file to disk before returning,
/// which costs about a millisecond per file here and as much again to delete it; content files are
/// short-lived hand-overs that need no durability, so these write them with plain POSIX calls.
package enum ContentFile {
    /// Writes `data` to a new file at `url`.
    ///
    /// - Throws: `POSIXError` when the file exists already or cannot be written; nothing is left
    ///   behind then.
    package static func write(_ data: Data, toNewFileAt url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(
                    descriptor,
                    buffer.baseAddress.map { $0 + offset },
                    buffer.count - offset
                )
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(url.path)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
    }

    /// Reads the whole regular file at `url`, through symbolic links, with plain POSIX calls (no
    /// progress reporting). The file is opened non-blocking, so a pipe with no writer is refused
    /// rather than waited on.
    ///
    /// - Throws: `POSIXError` when the file does not exist (`ENOENT`, a dangling link included),
    ///   is not a regular file (`EISDIR` for a folder, `EINVAL` for a pipe or a device), or cannot
    ///   be read (no permission).
    package static func read(_ url: URL) throws -> Data {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw POSIXError(.EISDIR)
        default: throw POSIXError(.EINVAL)
        }
        // One byte more than the size, so that reaching the end takes no second buffer.
        var data = Data(count: max(Int(status.st_size), 0) + 1)
        var length = 0
        while true {
            if length == data.count { data.count *= 2 }
            let count = data.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress.map { $0 + length }, buffer.count - length)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            if count == 0 { break }
            length += count
        }
        data.count = length
        return data
    }

    /// Removes the file at `url`, if there is one.
    package static func remove(_ url: URL) {
        unlink(url.path)
    }
}
