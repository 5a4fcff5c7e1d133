import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

@Suite("content")
struct ContentTests {
    @Test("fetching writes the content to a new file the caller owns")
    func fetch() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("a.txt", contents: "hello")
        let fetched = try await fixture.provider.fetchContents(
            for: file.itemIdentifier,
            version: file.itemVersion,
            request: Request()
        )
        #expect(try String(contentsOf: fetched.url, encoding: .utf8) == "hello")
        #expect(ItemSnapshot(fetched.item) == file)
    }

    @Test("one request serves several fetches, an empty file after a full one: its progress ends complete each time")
    func requestReusedAcrossFetches() async throws {
        let fixture = try Fixture()
        let full = try await fixture.createFile("full.txt", contents: "hello")
        let empty = try await fixture.createFile("empty.txt", contents: "")
        let request = Request()
        for file in [full, empty, full, empty] {
            let fetched = try await fixture.provider.fetchContents(
                for: file.itemIdentifier,
                version: nil,
                request: request
            )
            #expect(try Data(contentsOf: fetched.url).count == file.documentSize.map(Int.init))
            #expect(request.progress.fractionCompleted == 1)
            #expect(request.progress.totalUnitCount == max(1, file.documentSize ?? 0))
        }
        let partial = try await fixture.provider.fetchPartialContents(
            for: full.itemIdentifier,
            version: full.itemVersion,
            request: request,
            minimalRange: 1..<2,
            aligningTo: 2,
            options: []
        )
        #expect(partial.range == 0..<2)
        #expect(request.progress.totalUnitCount == 2 && request.progress.fractionCompleted == 1)
    }

    @Test("fetching a folder, an unknown item or an old version fails")
    func fetchErrors() async throws {
        let fixture = try Fixture()
        let folder = try await fixture.createFolder("folder")
        let file = try await fixture.createFile("a.txt", contents: "one")
        try await fixture.modify(file, fields: .contents, contents: "two")
        await fixture.expectError(.invalidArgument) {
            _ = try await fixture.provider.fetchContents(for: folder.itemIdentifier, version: nil, request: Request())
        }
        await fixture.expectError(.noSuchItem) {
            _ = try await fixture.provider.fetchContents(for: "nope", version: nil, request: Request())
        }
        await fixture.expectError(.versionNoLongerAvailable) {
            _ = try await fixture.provider.fetchContents(
                for: file.itemIdentifier,
                version: file.itemVersion,
                request: Request()
            )
        }
    }

    @Test("a partial fetch returns the aligned range covering the one asked for, at its own offset in the file")
    func partial() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("a.txt", contents: "0123456789")
        let fetched = try await fixture.provider.fetchPartialContents(
            for: file.itemIdentifier,
            version: file.itemVersion,
            request: Request(),
            minimalRange: 5..<6,
            aligningTo: 4,
            options: []
        )
        #expect(fetched.range == 4..<8)
        let (bytes, length) = try ContentFile.read(fetched.url, in: 4..<8)
        #expect(String(decoding: bytes, as: UTF8.self) == "4567")
        #expect(length == 8)
        let tail = try await fixture.provider.fetchPartialContents(
            for: file.itemIdentifier,
            version: file.itemVersion,
            request: Request(),
            minimalRange: 7..<100,
            aligningTo: 4,
            options: .strictVersioning
        )
        #expect(tail.range == 4..<10)
        let (tailBytes, tailLength) = try ContentFile.read(tail.url, in: 4..<10)
        #expect(String(decoding: tailBytes, as: UTF8.self) == "456789")
        #expect(tailLength == 10)
        let whole = try await fixture.provider.fetchPartialContents(
            for: file.itemIdentifier,
            version: file.itemVersion,
            request: Request(),
            minimalRange: 0..<3,
            aligningTo: 16,
            options: []
        )
        #expect(whole.range == 0..<10)
        #expect(try ContentFile.read(whole.url) == Data("0123456789".utf8))
    }

    @Test("a partial fetch 1 GiB into a file is sparse: as long as the range's end, allocating about the range")
    func partialFetchIsSparse() async throws {
        let gibibyte = 1 << 30
        let block = 4_096
        // Data(count:) is zeroed lazily: the 1 GiB before the last blocks costs no memory.
        var content = Data(count: gibibyte + 2 * block)
        content.replaceSubrange(gibibyte..<gibibyte + 2 * block, with: (0..<2 * block).map { UInt8($0 % 251) })
        let store = InMemoryStore(domain: Domain(identifier: try DomainIdentifier("d"), displayName: "D"))
        let file = try store.remote.createFile(named: "huge.bin", contents: content)
        let provider = store.makeProvider()
        let start = Int64(gibibyte)
        let fetched = try await provider.fetchPartialContents(
            for: file.itemIdentifier,
            version: file.itemVersion,
            request: Request(),
            minimalRange: start + 10..<start + 20,
            aligningTo: block,
            options: []
        )
        #expect(fetched.range == start..<start + Int64(block))
        var status = stat()
        #expect(stat(fetched.url.path, &status) == 0)
        #expect(Int64(status.st_size) == start + Int64(block))
        // st_blocks counts 512-byte units: the 4 KiB range, and no more than a few blocks of metadata.
        #expect(Int64(status.st_blocks) * 512 <= 16 * Int64(block), "\(status.st_blocks) blocks allocated")
        let (bytes, length) = try ContentFile.read(fetched.url, in: fetched.range)
        #expect(bytes == content.subdata(in: gibibyte..<gibibyte + block))
        #expect(length == start + Int64(block))
        await provider.invalidate()
    }

    @Test(
        "bad partial fetches are invalid arguments",
        arguments: [(0..<0, 4), (-1..<2, 4), (10..<12, 4), (0..<2, 3), (0..<2, 0)]
    )
    func badPartial(range: Range<Int64>, alignment: Int) async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("a.txt", contents: "0123456789")
        await fixture.expectError(.invalidArgument) {
            _ = try await fixture.provider.fetchPartialContents(
                for: file.itemIdentifier,
                version: file.itemVersion,
                request: Request(),
                minimalRange: range,
                aligningTo: alignment,
                options: []
            )
        }
    }

    @Test("invalidate removes the provider's own temporary folder")
    func invalidateCleansUp() async throws {
        let store = InMemoryStore(domain: Domain(identifier: try DomainIdentifier("d"), displayName: "D"))
        try store.remote.createFile(named: "a.txt", contents: Data("x".utf8))
        let provider = store.makeProvider()
        let fetched = try await provider.fetchContents(for: "i1", version: nil, request: Request())
        #expect(FileManager.default.fileExists(atPath: fetched.url.path))
        await provider.invalidate()
        #expect(!FileManager.default.fileExists(atPath: fetched.url.deletingLastPathComponent().path))
    }
}
