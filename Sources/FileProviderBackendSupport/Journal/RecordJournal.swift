import FileProviderKit
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An append-only file of records, each written in one `write` and flushed with `fsync` before
/// ``append(_:)`` returns: the durable base of ``IdentifierMap``, ``ChangeJournal`` and
/// ``OperationJournal``.
///
/// Each record is framed as its length (4 bytes), an FNV-1a checksum of its bytes (8 bytes) and
/// its JSON encoding. A crash can leave at most the last record torn; ``load()`` returns every
/// whole record before it and cuts the torn tail off, so a record is on disk in full or not at
/// all — which is what makes one record one atomic update. ``rewrite(_:)`` replaces the whole file
/// (compaction): the new records are written to a sibling file, flushed, renamed over the journal
/// and the folder flushed, so a crash leaves either the old file or the new one.
///
/// Contract clause: R5 (batches and anchors survive a fresh instance) and R9 (identifiers stable
/// across restarts) rest on state that survives a crash; this is that state.
///
/// Thread-safe: calls are serialized.
public final class RecordJournal<Record: Codable & Sendable>: Sendable {
    /// The journal file.
    public let url: URL
    private let descriptor: Mutex<Int32>
    private let bytes: Mutex<Int>

    /// Opens (creating it and its folder when needed) the journal at `url`.
    ///
    /// - Throws: `cannotSynchronize` when the file cannot be opened.
    public init(url: URL) throws(FileProviderError) {
        self.url = url
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
        } catch {
            throw FileProviderError(
                .cannotSynchronize,
                message: "The journal's folder \(url.deletingLastPathComponent().path) cannot be created.",
                underlyingError: error
            )
        }
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Self.failure("open", url) }
        descriptor = Mutex(fd)
        bytes = Mutex(Int(lseek(fd, 0, SEEK_END)))
    }

    deinit {
        descriptor.withLock { _ = close($0) }
    }

    /// The size of the file in bytes, for deciding when to compact.
    public var byteCount: Int { bytes.withLock { $0 } }

    /// Every whole record in the file, oldest first. A torn or corrupt tail — what a crash during
    /// an append leaves — is cut off the file, so the next append follows the last whole record.
    ///
    /// - Throws: `cannotSynchronize` when the file cannot be read or
    ///   truncated.
    public func load() throws(FileProviderError) -> [Record] {
        try descriptor.withLock { fd throws(FileProviderError) -> [Record] in
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw Self.failure("read", url)
            }
            let bytes = [UInt8](data)
            var records: [Record] = []
            var offset = 0
            let decoder = JSONDecoder()
            while offset + 12 <= bytes.count {
                let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
                let checksum = bytes[offset + 4..<offset + 12].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                let start = offset + 12
                guard start + length <= bytes.count, Self.checksum(bytes[start..<start + length]) == checksum,
                    let record = try? decoder.decode(Record.self, from: Data(bytes[start..<start + length]))
                else { break }
                records.append(record)
                offset = start + length
            }
            if offset < bytes.count {
                guard ftruncate(fd, off_t(offset)) == 0, fsync(fd) == 0 else { throw Self.failure("truncate", url) }
            }
            lseek(fd, off_t(offset), SEEK_SET)
            self.bytes.withLock { $0 = offset }
            return records
        }
    }

    /// Appends `record` and flushes it to the device: once this returns the record survives a
    /// crash, and it is on disk whole or not at all.
    ///
    /// - Throws: `cannotSynchronize` when the record cannot be encoded,
    ///   written or flushed; the file then ends at the last whole record again.
    public func append(_ record: Record) throws(FileProviderError) {
        let frame = try Self.frame(record)
        try descriptor.withLock { fd throws(FileProviderError) in
            let start = bytes.withLock { $0 }
            guard lseek(fd, off_t(start), SEEK_SET) >= 0, Self.writeAll(frame, to: fd), fsync(fd) == 0 else {
                _ = ftruncate(fd, off_t(start))
                throw Self.failure("append to", url)
            }
            bytes.withLock { $0 = start + frame.count }
        }
    }

    /// Replaces every record with `records`, atomically: a crash leaves the old file or the new.
    ///
    /// - Throws: `cannotSynchronize` when the new file cannot be written,
    ///   flushed or renamed into place; the old file then stays.
    public func rewrite(_ records: [Record]) throws(FileProviderError) {
        var data: [UInt8] = []
        for record in records { data += try Self.frame(record) }
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).rewrite")
        try descriptor.withLock { fd throws(FileProviderError) in
            let newDescriptor = open(temporary.path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard newDescriptor >= 0 else { throw Self.failure("create", temporary) }
            guard Self.writeAll(data, to: newDescriptor), fsync(newDescriptor) == 0,
                rename(temporary.path, url.path) == 0
            else {
                _ = close(newDescriptor)
                _ = unlink(temporary.path)
                throw Self.failure("rewrite", url)
            }
            Self.syncFolder(of: url)
            _ = close(fd)
            fd = newDescriptor
            bytes.withLock { $0 = data.count }
        }
    }

    private static func frame(_ record: Record) throws(FileProviderError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body: [UInt8]
        do {
            body = [UInt8](try encoder.encode(record))
        } catch {
            throw FileProviderError(
                .cannotSynchronize,
                message: "A journal record cannot be encoded.",
                underlyingError: error
            )
        }
        var frame: [UInt8] = []
        frame.reserveCapacity(body.count + 12)
        withUnsafeBytes(of: UInt32(body.count).bigEndian) { frame += $0 }
        withUnsafeBytes(of: checksum(body[...]).bigEndian) { frame += $0 }
        return frame + body
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return false }
            written += result
        }
        return true
    }

    private static func syncFolder(of url: URL) {
        let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        guard folder >= 0 else { return }
        _ = fsync(folder)
        _ = close(folder)
    }

    /// FNV-1a, 64 bits.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    private static func failure(_ action: String, _ url: URL) -> FileProviderError {
        FileProviderError(
            .cannotSynchronize,
            message: "The journal could not \(action) \(url.path): \(String(cString: strerror(errno)))."
        )
    }
}
