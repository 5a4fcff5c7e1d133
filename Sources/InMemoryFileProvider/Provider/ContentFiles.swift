import FileProviderKit
import Foundation

/// The files through which content enters and leaves a provider: it reads the files callers hand
/// in, and writes fetched content to new files in a temporary folder, which it removes when the
/// provider is invalidated.
final class ContentFiles: Sendable {
    private let configuredDirectory: URL?
    /// The folder in use, its file system path, and the number of files written to it.
    private let state = LockedValue<(directory: URL?, path: String, count: UInt64)>((nil, "", 0))

    init(directory: URL?) {
        self.configuredDirectory = directory
    }

    /// The bytes of a file handed in, read through symbolic links, when it holds at most `limit`
    /// bytes.
    ///
    /// - Throws: `FileProviderError.Code.fileReadNoSuchFile` when nothing exists at `url` (a
    ///   dangling link included); `FileProviderError.Code.fileReadUnknown` when it is not a
    ///   regular file (a folder, a pipe, a device) or cannot be read (no permission);
    ///   `FileProviderError.Code.insufficientQuota` (underlying: `EFBIG`) when it holds more than
    ///   `limit` bytes.
    static func read(_ url: URL, limit: Int64) throws(FileProviderError) -> Data {
        do {
            return try readBounded(url, limit: limit)
        } catch let error as FileProviderError {
            throw error
        } catch let error as POSIXError {
            switch error.code {
            case .ENOENT: throw FileProviderError(.fileReadNoSuchFile, message: "No file exists at \(url.path).")
            case .EISDIR, .EINVAL: throw unreadable(url, reason: "it is not a regular file")
            default: throw unreadable(url, reason: error.localizedDescription)
            }
        } catch {
            throw unreadable(url, reason: "\(error)")
        }
    }

    /// Reads a regular file of at most `limit` bytes, never allocating more than that plus one:
    /// a file that grows while it is read is refused too.
    private static func readBounded(_ url: URL, limit: Int64) throws -> Data {
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
        let size = Int64(status.st_size)
        guard size <= limit else { throw tooLarge(url, size: size, limit: limit) }
        // One byte more than the size, so that a file that grew is noticed.
        let ceiling = limit < Int64.max ? Int(limit) + 1 : Int.max
        var data = Data(count: min(Int(size), ceiling - 1) + 1)
        var length = 0
        while length < data.count {
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
            if count < requested, Int64(length) >= size { break }
            if length == data.count {
                guard Int64(length) <= limit else { throw tooLarge(url, size: Int64(length), limit: limit) }
                data.count = min(ceiling, data.count.multipliedReportingOverflow(by: 2).partialValue)
            }
        }
        data.count = length
        return data
    }

    private static func tooLarge(_ url: URL, size: Int64, limit: Int64) -> FileProviderError {
        FileProviderError(
            .insufficientQuota,
            message: "The file at \(url.path) holds \(size) bytes; the store takes at most \(limit) per file.",
            underlyingError: POSIXError(.EFBIG)
        )
    }

    private static func unreadable(_ url: URL, reason: String) -> FileProviderError {
        FileProviderError(.fileReadUnknown, message: "The file at \(url.path) cannot be read: \(reason).")
    }

    /// Writes `data` to a new file named after `filename`, its first byte at `offset`, and returns
    /// its URL. With an `offset` (a partial fetch's range) the file is created empty and grows only
    /// by writing `data` there, so the bytes before it are a hole, never written zeros. The file
    /// belongs to the caller; nothing is left behind when writing fails.
    ///
    /// - Throws: `FileProviderError.Code.cannotSynchronize` when the file cannot be written.
    func write(_ data: Data, atOffset offset: Int64 = 0, named filename: String) throws(FileProviderError) -> URL {
        let (directory, directoryPath, number) = state.withLock { state -> (URL, String, UInt64) in
            let directory: URL
            if let current = state.directory {
                directory = current
            } else {
                directory =
                    configuredDirectory
                    ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                        "InMemoryFileProvider-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)",
                        isDirectory: true
                    )
                state.directory = directory
                state.path = directory.path
            }
            state.count += 1
            return (directory, state.path, state.count)
        }
        let name = "\(number)-\(filename)"
        // The path is joined here and the URL made from it: appending a component to the folder's
        // URL costs about twice as much.
        let path = directoryPath.hasSuffix("/") ? directoryPath + name : directoryPath + "/" + name
        let url = URL(filePath: path, directoryHint: .notDirectory)
        do {
            do {
                try ContentFile.write(data, atOffset: offset, toNewFileAtPath: path)
            } catch let error as POSIXError where error.code == .ENOENT {
                // The folder is made by the first write, and again after something removed it:
                // checking for it before every write costs as much as the write.
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try ContentFile.write(data, atOffset: offset, toNewFileAtPath: path)
            }
            return url
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw FileProviderError(
                .cannotSynchronize,
                message: "The content could not be written to \(url.path).",
                underlyingError: error
            )
        }
    }

    /// Removes the temporary folder this object created, with any file the callers left in it.
    /// A configured folder is left in place.
    func removeTemporaryDirectory() {
        let directory = state.withLock { state -> URL? in
            defer { state.directory = nil }
            return state.directory
        }
        if let directory, directory != configuredDirectory {
            try? FileManager.default.removeItem(at: directory)
        }
    }
}
