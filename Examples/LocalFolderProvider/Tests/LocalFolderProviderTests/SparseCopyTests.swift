import Foundation
import LocalFolderProvider
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The public sparse copy that LocalFolderProvider and FileProviderMount share: the bytes arrive
/// at their offsets, the holes stay holes, and failures say which side failed.
@Suite("Sparse copies")
struct SparseCopyTests {
    @Test("a 64 MiB file holding 8 bytes is copied by path with its bytes, its size and its holes")
    func keepsHoles() throws {
        let folders = try TemporaryFolders()
        defer { folders.remove() }
        let source = folders.root.appendingPathComponent("sparse")
        let size: off_t = 64 << 20
        let writer = open(source.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        try #require(writer >= 0)
        #expect(pwrite(writer, "head", 4, 0) == 4)
        #expect(pwrite(writer, "tail", 4, size - 4) == 4)
        close(writer)
        let copy = folders.root.appendingPathComponent("copy")
        let output = open(copy.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        try #require(output >= 0)
        defer { close(output) }
        try SparseCopy.copy(from: source, to: output)
        var status = stat()
        #expect(fstat(output, &status) == 0)
        #expect(status.st_size == size)
        #expect(status.st_blocks * 512 < 1 << 20, "the copy of 8 bytes is not sparse on disk")
        let handle = try FileHandle(forReadingFrom: copy)
        defer { try? handle.close() }
        #expect(try handle.read(upToCount: 4) == Data("head".utf8))
        try handle.seek(toOffset: UInt64(size) / 2)
        #expect(try handle.read(upToCount: 4) == Data(count: 4))
        try handle.seek(toOffset: UInt64(size) - 4)
        #expect(try handle.read(upToCount: 8) == Data("tail".utf8))
    }

    @Test("a missing source fails while reading with ENOENT, an unwritable copy while writing with EBADF")
    func failures() throws {
        let folders = try TemporaryFolders()
        defer { folders.remove() }
        let missing = folders.root.appendingPathComponent("missing")
        let unopened = #expect(throws: SparseCopy.Failure.self) {
            try SparseCopy.copy(from: missing, to: STDOUT_FILENO)
        }
        #expect(unopened?.code == ENOENT)
        #expect(unopened?.whileReading == true)
        let source = folders.root.appendingPathComponent("source")
        try Data("content".utf8).write(to: source)
        let readOnly = open(source.path, O_RDONLY | O_CLOEXEC)
        try #require(readOnly >= 0)
        defer { close(readOnly) }
        let unwritten = #expect(throws: SparseCopy.Failure.self) {
            try SparseCopy.copy(from: source, to: readOnly)
        }
        #expect(unwritten?.code == EBADF)
        #expect(unwritten?.whileReading == false)
    }
}
