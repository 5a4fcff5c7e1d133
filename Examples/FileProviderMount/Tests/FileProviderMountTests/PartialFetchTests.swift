import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

@testable import FileProviderMount

#if canImport(Glibc)
import Glibc
#endif

extension MountedDomainTests {
    /// Reads of a large file fetch only the chunks they need from a provider that fetches ranges;
    /// writes still see the whole file.
    @Suite("Partial fetch")
    struct PartialFetchTests {
        static let chunk = PartialContent.chunkSize

        /// 5 MiB: byte i is i % 251.
        static let large = Data((0..<(5 * Int(chunk))).map { UInt8($0 % 251) })

        static func readByte(_ handle: UInt64, at offset: Int64, in domain: MountedDomain) async throws -> UInt8? {
            if domain.needsFetch(handle, offset: offset, size: 1) {
                try await domain.materialize(handle, offset: offset, size: 1)
            }
            #expect(!domain.needsFetch(handle, offset: offset, size: 1))
            var byte: UInt8 = 0
            let count = try withUnsafeMutableBytes(of: &byte) {
                try domain.read(handle, into: try #require($0.baseAddress), size: 1, offset: offset)
            }
            return count == 1 ? byte : nil
        }

        /// Runs `body` with the large file created remotely and opened read-only.
        static func withLargeFileOpen(
            _ body: (MountedDomain, InMemoryStore, ItemIdentifier, UInt64) async throws -> Void
        ) async throws {
            try await MountedDomainTests.withDomain { domain, store in
                let item = try store.remote.createFile(named: "large.bin", contents: Self.large)
                try await domain.refresh()
                let reader = try await domain.open(at: "/large.bin", writable: false)
                try await body(domain, store, item.itemIdentifier, reader)
            }
        }

        @Test("reading one byte of a 5 MiB file fetches the one 1 MiB chunk holding it, and nothing whole")
        func oneByteFetchesOneChunk() async throws {
            try await Self.withLargeFileOpen { domain, _, identifier, handle in
                let partial = try #require(domain.table.withLock { $0.handles[handle]?.partial })
                let offset = 3 * Self.chunk + 7
                #expect(try await Self.readByte(handle, at: offset, in: domain) == Self.large[Int(offset)])
                #expect(partial.fetchedRanges.withLock { $0 } == [(3 * Self.chunk)..<(4 * Self.chunk)])
                #expect(try await Self.readByte(handle, at: offset + 1, in: domain) == Self.large[Int(offset) + 1])
                #expect(partial.fetchedRanges.withLock { $0 }.count == 1, "a fetched chunk is not fetched again")
                let last = Int64(Self.large.count - 1)
                #expect(try await Self.readByte(handle, at: last, in: domain) == Self.large.last)
                #expect(
                    partial.fetchedRanges.withLock { $0 }
                        == [(3 * Self.chunk)..<(4 * Self.chunk), (4 * Self.chunk)..<(5 * Self.chunk)]
                )
                #expect(await domain.host.cachedContents(of: identifier) == nil)
                try await domain.release(handle)
            }
        }

        @Test("a fetched file's range is copied from its own offset, nothing around it is read, a short file is EIO")
        func copiesTheRangeFromItsOwnOffset() throws {
            let folder = FileManager.default.temporaryDirectory
            let partial = try PartialContent(
                identifier: "copy",
                version: ItemVersion(contentRevision: 1, metadataRevision: 1),
                size: 3 * Self.chunk,
                in: folder
            )
            defer { close(partial.descriptor) }
            let range = Self.chunk..<(2 * Self.chunk)
            let bytes = Self.large.subdata(in: Int(range.lowerBound)..<Int(range.upperBound))
            // Apple's layout, with bytes around the range the contract leaves unspecified.
            var fetched = Data(repeating: 0xEE, count: Int(range.lowerBound))
            fetched.append(bytes)
            fetched.append(Data(repeating: 0xEE, count: 10))
            let url = folder.appendingPathComponent("fetched-\(UUID().uuidString)")
            try fetched.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            try partial.copy(range, from: url)
            var copied = Data(count: 3 * Int(Self.chunk))
            let count = copied.withUnsafeMutableBytes { pread(partial.descriptor, $0.baseAddress, $0.count, 0) }
            #expect(count == 3 * Int(Self.chunk))
            #expect(copied.subdata(in: Int(range.lowerBound)..<Int(range.upperBound)) == bytes)
            #expect(
                copied.prefix(Int(range.lowerBound)).allSatisfy { $0 == 0 },
                "the bytes before the range were copied"
            )
            #expect(copied.suffix(Int(Self.chunk)).allSatisfy { $0 == 0 }, "the bytes after the range were copied")
            // The old layout: the range's bytes from offset 0, the file shorter than the range's end.
            let short = folder.appendingPathComponent("short-\(UUID().uuidString)")
            try bytes.write(to: short)
            defer { try? FileManager.default.removeItem(at: short) }
            #expect(throws: MountError(code: EIO)) { try partial.copy(range, from: short) }
        }

        @Test("a write to a large file goes to a whole working copy: the provider gets every other byte intact")
        func writeMaterialisesWholeFile() async throws {
            try await Self.withLargeFileOpen { domain, store, identifier, reader in
                #expect(try await Self.readByte(reader, at: 10, in: domain) == Self.large[10])
                let writer = try await domain.open(at: "/large.bin", writable: true)
                #expect(domain.table.withLock { $0.handles[writer]?.partial } == nil)
                try MountedDomainTests.write("X", to: writer, at: 2 * Self.chunk, in: domain)
                try await domain.release(writer)
                try await domain.release(reader)
                var expected = Self.large
                expected[Int(2 * Self.chunk)] = UInt8(ascii: "X")
                #expect(store.snapshot().contents[identifier] == expected)
            }
        }
    }
}
