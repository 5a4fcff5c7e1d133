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
    /// first missing to the last, and writes them into the sparse file.
    ///
    /// - Throws: the provider's error (`versionNoLongerAvailable` when the version read is
    ///   gone), or the file system's.
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
            guard result.range.lowerBound <= wanted.lowerBound, result.range.upperBound >= wanted.upperBound else {
                throw MountError(code: EIO)
            }
            let bytes = try Data(contentsOf: result.url)
            guard Int64(bytes.count) >= result.range.count else { throw MountError(code: EIO) }
            let written = bytes.withUnsafeBytes { buffer in
                pwrite(descriptor, buffer.baseAddress, result.range.count, off_t(result.range.lowerBound))
            }
            guard written == result.range.count else { throw MountError.lastSystemError }
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
}
