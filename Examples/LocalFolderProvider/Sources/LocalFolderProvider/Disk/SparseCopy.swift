import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies a file's content keeping its holes: only the ranges that hold data (`SEEK_DATA` /
/// `SEEK_HOLE`) are read and written, then the copy is given the source's size, so a sparse file
/// of any size costs only its data, on the way in and on the way out. On a file system without
/// `SEEK_DATA` the whole content is copied.
///
/// LocalFolderProvider stages and hands out content with it; FileProviderMount fills its working
/// copies with it.
public enum SparseCopy: Sendable {
    /// Why a copy failed: the `errno` of the call that failed, and whether it was reading the
    /// source (rather than writing the copy).
    public struct Failure: Error {
        /// The `errno` of the failed call (`ENOSPC` when the copy's disk is full).
        public var code: Int32
        /// Whether reading the source failed; `false` when writing or sizing the copy did.
        public var whileReading: Bool
    }

    /// Copies the regular file at `source` into `output`, an empty file open for writing; the
    /// source is opened read-only for the copy and closed after it.
    ///
    /// - Throws: ``Failure``, with `whileReading` when the source cannot be opened or read. What was
    ///   written to `output` before a failure stays there.
    public static func copy(from source: URL, to output: Int32) throws(Failure) {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw Failure(code: errno, whileReading: true) }
        defer { close(input) }
        try copy(from: input, to: output)
    }

    /// Copies the regular file open for reading as `input` into `output`, an empty file open for
    /// writing, at the start of both files whatever their positions. Neither descriptor is closed.
    ///
    /// - Throws: ``Failure``, with `whileReading` when `input` cannot be examined or read. What was
    ///   written to `output` before a failure stays there.
    public static func copy(from input: Int32, to output: Int32) throws(Failure) {
        var status = stat()
        guard fstat(input, &status) == 0 else { throw Failure(code: errno, whileReading: true) }
        let size = Int64(status.st_size)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var position: Int64 = 0
        while position < size {
            var start = Int64(lseek(input, off_t(position), seekData))
            if start < 0 {
                if errno == ENXIO { break }  // Only a hole is left.
                guard errno == EINVAL else { throw Failure(code: errno, whileReading: true) }
                start = position  // No SEEK_DATA on this file system: copy everything.
            }
            var end = Int64(lseek(input, off_t(start), seekHole))
            if end < 0 { end = size }
            try copyRange(start..<min(end, size), from: input, to: output, buffer: &buffer)
            position = end
        }
        guard ftruncate(output, off_t(size)) == 0 else { throw Failure(code: errno, whileReading: false) }
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
    ) throws(Failure) {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let wanted = Int(min(Int64(buffer.count), range.upperBound - offset))
            let count = buffer.withUnsafeMutableBytes { pread(input, $0.baseAddress, wanted, off_t(offset)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure(code: errno, whileReading: true) }
            if count == 0 { return }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes {
                    pwrite(output, $0.baseAddress.map { $0 + written }, count - written, off_t(offset) + off_t(written))
                }
                if result < 0, errno == EINTR { continue }
                guard result >= 0 else { throw Failure(code: errno, whileReading: false) }
                written += result
            }
            offset += Int64(count)
        }
    }
}
