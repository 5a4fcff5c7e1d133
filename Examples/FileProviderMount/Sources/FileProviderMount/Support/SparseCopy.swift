import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Copies a file's content keeping its holes: only the ranges that hold data (`SEEK_DATA` /
/// `SEEK_HOLE`) are read and written, and the copy is then given the source's size, so a sparse
/// file of any size costs only its data.
enum SparseCopy {
    /// Copies the regular file at `source` into `destination`, an empty file open for writing.
    ///
    /// - Throws: the file system's error (`ENOSPC` when the destination's disk is full).
    static func copy(from source: URL, to destination: Int32) throws(MountError) {
        let input = Glibc.open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .lastSystemError }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0 else { throw .lastSystemError }
        let size = Int64(status.st_size)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var position: Int64 = 0
        while position < size {
            var start = Int64(lseek(input, off_t(position), seekData))
            if start < 0 {
                if errno == ENXIO { break }  // Only a hole is left.
                guard errno == EINVAL else { throw .lastSystemError }
                start = position  // No SEEK_DATA on this file system: copy everything.
            }
            var end = Int64(lseek(input, off_t(start), seekHole))
            if end < 0 { end = size }
            try copyRange(start..<min(end, size), from: input, to: destination, buffer: &buffer)
            position = end
        }
        guard ftruncate(destination, off_t(size)) == 0 else { throw .lastSystemError }
    }

    // lseek's whence values for holes, which Swift does not import (they need _GNU_SOURCE).
    #if canImport(Darwin)
    private static let seekHole: Int32 = 3
    private static let seekData: Int32 = 4
    #else
    private static let seekData: Int32 = 3
    private static let seekHole: Int32 = 4
    #endif

    private static func copyRange(
        _ range: Range<Int64>,
        from input: Int32,
        to output: Int32,
        buffer: inout [UInt8]
    ) throws(MountError) {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let wanted = Int(min(Int64(buffer.count), range.upperBound - offset))
            let count = buffer.withUnsafeMutableBytes { pread(input, $0.baseAddress, wanted, off_t(offset)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .lastSystemError }
            if count == 0 { return }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes {
                    pwrite(output, $0.baseAddress.map { $0 + written }, count - written, off_t(offset) + off_t(written))
                }
                if result < 0, errno == EINTR { continue }
                guard result >= 0 else { throw .lastSystemError }
                written += result
            }
            offset += Int64(count)
        }
    }
}
