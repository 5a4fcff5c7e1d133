import FileProviderKit
import Foundation
import NIOCore

/// A contents file the caller handed in, open for reading in chunks.
///
/// It is opened once, through symbolic links and non-blocking (so a pipe with no writer is refused
/// rather than waited on), and must be a regular file; its size is read then. Every upload attempt
/// reads it again from the start with `pread`, so a retried request sends the same bytes.
final class ContentsFile: Sendable {
    /// The number of bytes read per chunk.
    static let chunkSize = 256 << 10

    let url: URL
    let size: Int64
    private let descriptor: Int32

    /// Opens the file at `url`.
    ///
    /// - Throws: `fileReadNoSuchFile` when nothing exists there (a dangling link included);
    ///   `fileReadUnknown` when it is not a regular file (a folder, a pipe, a device) or cannot be
    ///   read.
    init(opening url: URL) throws(FileProviderError) {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw FileProviderError(.fileReadNoSuchFile, message: "No file exists at \(url.path).")
            }
            throw Self.unreadable(url, reason: String(cString: strerror(code)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw Self.unreadable(url, reason: "it is not a regular file")
        }
        self.url = url
        self.descriptor = descriptor
        self.size = Int64(status.st_size)
    }

    deinit {
        close(descriptor)
    }

    /// The file's bytes from the start, in chunks of at most ``chunkSize``.
    func chunks() -> Chunks {
        Chunks(file: self)
    }

    /// The bytes of a ``ContentsFile``: exactly its size at opening, read with `pread`.
    struct Chunks: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        let file: ContentsFile

        func makeAsyncIterator() -> Iterator {
            Iterator(file: file)
        }

        struct Iterator: AsyncIteratorProtocol {
            let file: ContentsFile
            var offset: Int64 = 0

            /// The next chunk, or `nil` after the last byte.
            ///
            /// - Throws: `fileReadUnknown` when the file cannot be read or became shorter;
            ///   `CancellationError`.
            mutating func next() async throws -> ByteBuffer? {
                guard offset < file.size else { return nil }
                try Task.checkCancellation()
                let count = Int(Swift.min(Int64(ContentsFile.chunkSize), file.size - offset))
                var buffer = ByteBufferAllocator().buffer(capacity: count)
                let descriptor = file.descriptor
                let start = offset
                let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { bytes in
                    guard let base = bytes.baseAddress else { return 0 }
                    var total = 0
                    while total < count {
                        let result = pread(
                            descriptor,
                            base + total,
                            count - total,
                            off_t(start) + off_t(total)
                        )
                        if result < 0, errno == EINTR { continue }
                        if result <= 0 { break }
                        total += result
                    }
                    return total
                }
                guard read == count else {
                    throw ContentsFile.unreadable(file.url, reason: "it changed while it was read")
                }
                offset += Int64(count)
                return buffer
            }
        }
    }

    private static func unreadable(_ url: URL, reason: String) -> FileProviderError {
        FileProviderError(.fileReadUnknown, message: "The file at \(url.path) cannot be read: \(reason).")
    }
}
