import FileProviderKit
import Foundation

/// The files through which content enters and leaves a provider: it reads the files callers hand
/// in, and writes fetched content to new files in a temporary folder, which it removes when the
/// provider is invalidated.
final class ContentFiles: Sendable {
    private let configuredDirectory: URL?
    /// The folder in use and the number of files written to it.
    private let state = LockedValue<(directory: URL?, count: UInt64)>((nil, 0))

    init(directory: URL?) {
        self.configuredDirectory = directory
    }

    /// The bytes of a file handed in, read through symbolic links.
    ///
    /// - Throws: `FileProviderError.Code.fileReadNoSuchFile` when nothing exists at `url` (a
    ///   dangling link included); `FileProviderError.Code.fileReadUnknown` when it is not a
    ///   regular file (a folder, a pipe, a device) or cannot be read (no permission).
    static func read(_ url: URL) throws(FileProviderError) -> Data {
        do {
            return try ContentFile.read(url)
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
        let (directory, number) = state.withLock { state -> (URL, UInt64) in
            let directory =
                state.directory ?? configuredDirectory
                ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                    "InMemoryFileProvider-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)",
                    isDirectory: true
                )
            state.directory = directory
            state.count += 1
            return (directory, state.count)
        }
        let url = directory.appendingPathComponent("\(number)-\(filename)", isDirectory: false)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try ContentFile.write(data, atOffset: offset, toNewFileAt: url)
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
