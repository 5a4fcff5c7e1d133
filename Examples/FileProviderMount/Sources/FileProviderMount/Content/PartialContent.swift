import FileProviderKit
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The content of one file as a read-only handle holds it when the provider fetches ranges
/// (`PartialContentFetching`): a sparse local file of the item's size, filled one aligned chunk
/// at a time as reads need them, all of one version (fetched with strict versioning).
final class PartialContent: Sendable {
    /// The size of the ranges fetched, and their alignment: 1 MiB.
    static let chunkSize: Int64 = 1 << 20

    let identifier: ItemIdentifier
    let version: ItemVersion
    let size: Int64
    /// The sparse file, already unlinked: it goes when the descriptor is closed.
    let descriptor: Int32
    /// The chunks fetched, by index (offset / ``chunkSize``).
    let fetched = Mutex(Set<Int64>())
    /// The ranges the provider returned, in order; what tests read.
    let fetchedRanges = Mutex([Range<Int64>]())
    /// Held while chunks are fetched, so that two reads do not fetch the same chunk.
    let fetchLock = AsyncLock()

    /// Makes the sparse file in `folder`.
    ///
    /// - Throws: the file system's error.
    init(identifier: ItemIdentifier, version: ItemVersion, size: Int64, in folder: URL) throws(MountError) {
        let url = folder.appendingPathComponent("partial-\(UUID().uuidString)")
        let descriptor = Glibc.open(url.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .lastSystemError }
        unlink(url.path)
        guard ftruncate(descriptor, off_t(size)) == 0 else {
            let error = MountError.lastSystemError
            close(descriptor)
            throw error
        }
        self.identifier = identifier
        self.version = version
        self.size = size
        self.descriptor = descriptor
    }

    /// The indexes of the chunks `size` bytes at `offset` touch that are not fetched yet.
    func missingChunks(offset: Int64, size: Int) -> [Int64] {
        let end = min(offset + Int64(size), self.size)
        guard offset < end else { return [] }
        let chunks = (offset / Self.chunkSize)...((end - 1) / Self.chunkSize)
        return fetched.withLock { fetched in chunks.filter { !fetched.contains($0) } }
    }

    /// Fetches the chunks `size` bytes at `offset` need and are missing, in one range from the
    /// first missing to the last, and copies them into the sparse file.
    ///
    /// The provider's file has Apple's layout: the returned range's bytes at their own offsets,
    /// the file at least as long as the range's end. Only the range is read from it (the bytes
    /// around it are unspecified, usually a hole), and it lands at the same offsets here.
    ///
    /// - Throws: the provider's error (`versionNoLongerAvailable` when the version read is
    ///   gone); `EIO` when the returned range does not cover the one asked for, reaches past the
    ///   item's size, or the provider's file is shorter than the range's end; the file system's.
    func materialize(offset: Int64, size: Int, from provider: any PartialContentFetching) async throws {
        try await fetchLock.withLock {
            let missing = missingChunks(offset: offset, size: size)
            guard let first = missing.first, let last = missing.last else { return }
            let wanted = (first * Self.chunkSize)..<min((last + 1) * Self.chunkSize, self.size)
            let result = try await provider.fetchPartialContents(
                for: identifier,
                version: version,
                request: Request(),
                minimalRange: wanted,
                aligningTo: Int(Self.chunkSize),
                options: .strictVersioning
            )
            defer { try? FileManager.default.removeItem(at: result.url) }
            guard result.range.lowerBound <= wanted.lowerBound, result.range.upperBound >= wanted.upperBound,
                result.range.lowerBound >= 0, result.range.upperBound <= self.size
            else {
                throw MountError(code: EIO)
            }
            try copy(result.range, from: result.url)
            fetchedRanges.withLock { $0.append(result.range) }
            fetched.withLock { fetched in
                var chunk = (result.range.lowerBound + Self.chunkSize - 1) / Self.chunkSize
                while chunk * Self.chunkSize < result.range.upperBound,
                    min((chunk + 1) * Self.chunkSize, self.size) <= result.range.upperBound
                {
                    fetched.insert(chunk)
                    chunk += 1
                }
            }
        }
    }

    /// Copies the bytes at offsets `range` of the file at `url` to the same offsets of the sparse
    /// file, a chunk at a time, reading nothing outside `range`.
    ///
    /// - Throws: `EIO` when the file at `url` is shorter than `range.upperBound`; the file
    ///   system's error.
    func copy(_ range: Range<Int64>, from url: URL) throws(MountError) {
        let source = Glibc.open(url.path, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw .lastSystemError }
        defer { close(source) }
        var status = stat()
        guard fstat(source, &status) == 0 else { throw .lastSystemError }
        guard Int64(status.st_size) >= range.upperBound else { throw MountError(code: EIO) }
        var buffer = [UInt8](repeating: 0, count: Int(min(Self.chunkSize, Int64(max(range.count, 1)))))
        var offset = range.lowerBound
        while offset < range.upperBound {
            let wanted = Int(min(Int64(buffer.count), range.upperBound - offset))
            let read = buffer.withUnsafeMutableBytes { pread(source, $0.baseAddress, wanted, off_t(offset)) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { throw read == 0 ? MountError(code: EIO) : .lastSystemError }
            var written = 0
            while written < read {
                let count = buffer.withUnsafeBytes { bytes in
                    pwrite(
                        descriptor,
                        bytes.baseAddress.map { $0 + written },
                        read - written,
                        off_t(offset) + off_t(written)
                    )
                }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw .lastSystemError }
                written += count
            }
            offset += Int64(read)
        }
    }
}
