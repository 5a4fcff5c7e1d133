import FileProviderKit
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A partial fetch writes the server's `206` at its own offset (Apple's layout): the file is as
/// long as the range's end, holds the range there, and the bytes before it are a hole.
@Suite struct PartialContentLayoutTests {
    @Test func aRangeIsWrittenAtItsOwnOffsetWithAHoleBeforeIt() async throws {
        let mebibyte = 1 << 20
        let content = Data((0..<(3 * mebibyte)).map { UInt8($0 % 251) })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let contents = folder.appendingPathComponent("contents")
        try content.write(to: contents)
        try await LoopbackServer.withProvider { provider, _ in
            let template = ItemSnapshot(
                itemIdentifier: "template",
                parentItemIdentifier: .rootContainer,
                filename: "large.bin",
                contentType: .data
            )
            let created = try await provider.createItem(
                basedOn: template,
                fields: [.filename, .contents],
                contents: contents,
                options: [],
                request: Request()
            )
            let item = try #require(created?.item)
            let start = Int64(2 * mebibyte)
            let fetched = try await provider.fetchPartialContents(
                for: item.itemIdentifier,
                version: item.itemVersion,
                request: Request(),
                minimalRange: start + 10..<start + 20,
                aligningTo: mebibyte,
                options: .strictVersioning
            )
            defer { try? FileManager.default.removeItem(at: fetched.url) }
            #expect(fetched.range == start..<Int64(3 * mebibyte))
            let handle = try FileHandle(forReadingFrom: fetched.url)
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(start))
            #expect(try handle.readToEnd() == content.subdata(in: Int(start)..<content.count))
            var status = stat()
            #expect(stat(fetched.url.path, &status) == 0)
            #expect(Int64(status.st_size) == Int64(3 * mebibyte))
            // st_blocks counts 512-byte units: the 1 MiB range and a little metadata, not the 2 MiB hole.
            #expect(Int64(status.st_blocks) * 512 <= Int64(mebibyte + 64 * 1_024), "\(status.st_blocks) blocks")
        }
    }
}
