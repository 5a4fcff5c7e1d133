import FileProviderKit
import Foundation
import NIOCore

/// A new file that downloaded content is written to, chunk by chunk.
enum DownloadFile {
    /// A new, unused location in the temporary directory.
    static func newLocation() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("FruitBasket-\(UUID().uuidString)")
    }

    /// Writes every chunk of `chunks` to a new file at `url`, the first byte at `offset`, reporting
    /// the bytes written to `progress`, and returns how many there were. Nothing is left at `url`
    /// when it fails.
    ///
    /// A partial download's bytes go at their own offset (Apple's layout for partial content): the
    /// file is created empty and the first write lands at `offset`, so the bytes before it are a
    /// hole, never written zeros.
    ///
    /// - Throws: `cannotSynchronize` when the file cannot be written; what `chunks` throws;
    ///   `CancellationError`.
    static func write(
        _ chunks: some AsyncSequence<ByteBuffer, any Error>,
        to url: URL,
        at offset: Int64 = 0,
        progress: Progress?
    ) async throws -> Int64 {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw FileProviderError(
                .cannotSynchronize,
                message: "The content cannot be written to \(url.path): \(String(cString: strerror(errno)))."
            )
        }
        var written: Int64 = 0
        do {
            if offset != 0, lseek(descriptor, off_t(offset), SEEK_SET) != off_t(offset) {
                throw FileProviderError(
                    .cannotSynchronize,
                    message: "The content cannot be written at offset \(offset) of \(url.path): "
                        + "\(String(cString: strerror(errno)))."
                )
            }
            for try await chunk in chunks {
                try Task.checkCancellation()
                try append(chunk, to: descriptor, at: url)
                written += Int64(chunk.readableBytes)
                progress?.completedUnitCount = written
            }
            guard close(descriptor) == 0 else {
                unlink(url.path)
                throw FileProviderError(.cannotSynchronize, message: "The content at \(url.path) cannot be closed.")
            }
            return written
        } catch {
            close(descriptor)
            unlink(url.path)
            throw FruitBasketErrorMapping.error(forTransportFailure: error)
        }
    }

    private static func append(_ chunk: ByteBuffer, to descriptor: Int32, at url: URL) throws(FileProviderError) {
        let failure = chunk.withUnsafeReadableBytes { bytes -> Int32 in
            guard let base = bytes.baseAddress else { return 0 }
            var offset = 0
            while offset < bytes.count {
                let result = Foundation.write(descriptor, base + offset, bytes.count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += result
            }
            return 0
        }
        guard failure == 0 else {
            throw FileProviderError(
                .cannotSynchronize,
                message: "The content cannot be written to \(url.path): \(String(cString: strerror(failure)))."
            )
        }
    }
}
