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
        try write(data, atOffset: 0, toNewFileAt: url)
    }

    /// Writes `data` to a new file at `url`, its first byte at `offset`: the layout of a partial
    /// fetch's file. The file is created empty and grows only by the write at `offset` (`pwrite`),
    /// so the `offset` bytes before it are a hole on file systems with sparse files, never written
    /// zeros; it ends up `offset + data.count` bytes long (`offset` when `data` is empty).
    ///
    /// - Throws: `POSIXError` when the file exists already or cannot be written (`EINVAL` for a
    ///   negative offset); nothing is left behind then.
    package static func write(_ data: Data, atOffset offset: Int64, toNewFileAt url: URL) throws {
        try write(data, atOffset: offset, toNewFileAtPath: url.path)
    }

    /// Writes `data` to a new file at the file system path `path`, its first byte at `offset`:
    /// `write(_:atOffset:toNewFileAt:)` for a caller that built the path itself, which spares
    /// the conversion of a URL to a path.
    ///
    /// - Throws: `POSIXError` when the file exists already or cannot be written (`EINVAL` for a
    ///   negative offset); nothing is left behind then.
    package static func write(_ data: Data, atOffset offset: Int64, toNewFileAtPath path: String) throws {
        guard offset >= 0 else { throw POSIXError(.EINVAL) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = pwrite(
                    descriptor,
                    buffer.baseAddress.map { $0 + written },
                    buffer.count - written,
                    off_t(offset) + off_t(written)
                )
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += count
            }
        }
        if failure == 0, data.isEmpty, offset > 0, ftruncate(descriptor, off_t(offset)) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(path)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
    }

    /// Reads the bytes at offsets `range` of the regular file at `url` (`pread`), and the file's
    /// length: how a partial fetch's file is read, without reading the hole before the range. The
    /// bytes are fewer than `range.count` when the file ends before `range.upperBound`.
    ///
    /// - Throws: `POSIXError` when the file does not exist, is not a regular file (`EISDIR`,
    ///   `EINVAL`) or cannot be read; `EINVAL` for a negative range.
    package static func read(_ url: URL, in range: Range<Int64>) throws -> (bytes: Data, fileLength: Int64) {
        guard range.lowerBound >= 0 else { throw POSIXError(.EINVAL) }
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
        let length = Int64(status.st_size)
        var data = Data(count: Int(max(0, min(range.upperBound, length) - range.lowerBound)))
        var filled = 0
        while filled < data.count {
            let count = data.withUnsafeMutableBytes { buffer in
                pread(
                    descriptor,
                    buffer.baseAddress.map { $0 + filled },
                    buffer.count - filled,
                    off_t(range.lowerBound) + off_t(filled)
                )
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            if count == 0 { break }
            filled += count
        }
        data.count = filled
        return (data, length)
    }

    /// Reads the whole regular file at `url`, through symbolic links, with plain POSIX calls (no
    /// progress reporting). The file is opened non-blocking, so a pipe with no writer is refused
    /// rather than waited on.
    ///
    /// - Throws: `POSIXError` when the file does not exist (`ENOENT`, a dangling link included),
    ///   is not a regular file (`EISDIR` for a folder, `EINVAL` for a pipe or a device), or cannot
    ///   be read (no permission).
    package static func read(_ url: URL) throws -> Data {
        try read(atPath: url.path)
    }

    /// Reads the whole regular file at the file system path `path`: `read(_:)` for a caller
    /// that holds the path already, which spares the conversion of a URL to a path.
    ///
    /// - Throws: as `read(_:)`.
    package static func read(atPath path: String) throws -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
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
        let size = max(Int(status.st_size), 0)
        var data = Data(count: size + 1)
        var length = 0
        while true {
            if length == data.count { data.count *= 2 }
            let requested = data.count - length
            let count = data.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress.map { $0 + length }, requested)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            if count == 0 { break }
            length += count
            // A short read that reaches the size the file had is its end: asking again only to
            // hear 0 would cost a system call per file.
            if count < requested, length >= size { break }
        }
        data.count = length
        return data
    }

    /// Removes the file at `url`, if there is one.
    package static func remove(_ url: URL) {
        unlink(url.path)
    }

    /// Removes the file at the file system path `path`, if there is one.
    package static func remove(atPath path: String) {
        unlink(path)
    }
}
