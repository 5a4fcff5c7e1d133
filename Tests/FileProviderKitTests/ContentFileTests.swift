import FileProviderKit
import Foundation
import Testing

/// The file layout of a partial fetch: bytes written at an offset, a hole before them, and ranges
/// read without the rest of the file.
@Suite("Content files at an offset")
struct ContentFileTests {
    static func newURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("content-file-\(UUID().uuidString)")
    }

    @Test("bytes written at an offset sit there, the file ends after them, and the gap reads as zeros")
    func writeAtOffset() throws {
        let url = Self.newURL()
        defer { ContentFile.remove(url) }
        try ContentFile.write(Data("abc".utf8), atOffset: 5, toNewFileAt: url)
        #expect(try ContentFile.read(url) == Data([0, 0, 0, 0, 0]) + Data("abc".utf8))
        let (bytes, length) = try ContentFile.read(url, in: 5..<8)
        #expect(bytes == Data("abc".utf8))
        #expect(length == 8)
    }

    @Test("nothing written at an offset still makes the file that long; a negative offset is EINVAL")
    func emptyAndNegative() throws {
        let url = Self.newURL()
        defer { ContentFile.remove(url) }
        try ContentFile.write(Data(), atOffset: 4, toNewFileAt: url)
        #expect(try ContentFile.read(url) == Data(count: 4))
        let other = Self.newURL()
        #expect(throws: POSIXError(.EINVAL)) { try ContentFile.write(Data("x".utf8), atOffset: -1, toNewFileAt: other) }
        #expect(!FileManager.default.fileExists(atPath: other.path))
    }

    @Test("a range read past the end of the file returns the bytes there are, and the file's length")
    func shortRead() throws {
        let url = Self.newURL()
        defer { ContentFile.remove(url) }
        try ContentFile.write(Data("0123456789".utf8), toNewFileAt: url)
        let (bytes, length) = try ContentFile.read(url, in: 8..<20)
        #expect(bytes == Data("89".utf8))
        #expect(length == 10)
        let (none, _) = try ContentFile.read(url, in: 12..<20)
        #expect(none.isEmpty)
        #expect(throws: POSIXError(.EINVAL)) { try ContentFile.read(url, in: -1..<2) }
    }

    @Test("bytes written 1 GiB in allocate about their own size: the gap is a hole, not written zeros")
    func writeAtOffsetIsSparse() throws {
        let url = Self.newURL()
        defer { ContentFile.remove(url) }
        let offset: Int64 = 1 << 30
        let bytes = Data((0..<8_192).map { UInt8($0 % 251) })
        try ContentFile.write(bytes, atOffset: offset, toNewFileAt: url)
        var status = stat()
        #expect(stat(url.path, &status) == 0)
        #expect(Int64(status.st_size) == offset + 8_192)
        // st_blocks counts 512-byte units: the 8 KiB written, and a few blocks of metadata at most.
        #expect(Int64(status.st_blocks) * 512 <= 64 * 1_024, "\(status.st_blocks) blocks allocated")
        #expect(try ContentFile.read(url, in: offset..<offset + 8_192).bytes == bytes)
    }
}
