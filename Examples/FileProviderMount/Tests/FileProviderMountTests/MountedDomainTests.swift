import FileProviderHost
import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

@testable import FileProviderMount

#if canImport(Glibc)
import Glibc
#endif

/// What the FUSE callbacks call, driven directly over the reference provider: these run on any
/// machine, `/dev/fuse` or not.
@Suite("Mounted domain, without the kernel")
struct MountedDomainTests {
    /// Runs `body` with a mounted domain over a fresh reference store, then stops the host.
    static func withDomain(_ body: (MountedDomain, InMemoryStore) async throws -> Void) async throws {
        let store = InMemoryStore(
            domain: Domain(identifier: try DomainIdentifier("mount-tests"), displayName: "Mount tests"),
            configuration: InMemoryStoreConfiguration(caseRule: .caseSensitive)
        )
        var configuration = HostConfiguration()
        configuration.scheduling = .manual
        let provider = store.makeProvider()
        let host = try ProviderHost(provider: provider, configuration: configuration)
        let domain = try MountedDomain(
            host: host,
            stagingParent: FileManager.default.temporaryDirectory,
            partialFetcher: provider
        )
        do {
            try await domain.refresh()
            try await body(domain, store)
        } catch {
            await host.stop()
            domain.removeStagingFolder()
            throw error
        }
        await host.stop()
        domain.removeStagingFolder()
    }

    static func write(_ text: String, to handle: UInt64, at offset: Int64 = 0, in domain: MountedDomain) throws {
        let bytes = Array(text.utf8)
        let written = try bytes.withUnsafeBytes { buffer in
            try domain.write(handle, from: try #require(buffer.baseAddress), size: bytes.count, offset: offset)
        }
        #expect(written == bytes.count)
    }

    static func read(_ handle: UInt64, in domain: MountedDomain) throws -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = try buffer.withUnsafeMutableBytes {
            try domain.read(handle, into: try #require($0.baseAddress), size: 4096, offset: 0)
        }
        return String(decoding: buffer.prefix(count), as: UTF8.self)
    }

    static func content(named filename: String, in store: InMemoryStore) -> String? {
        let snapshot = store.snapshot()
        guard let item = snapshot.items.first(where: { $0.filename == filename }) else { return nil }
        return snapshot.contents[item.itemIdentifier].map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("a write reaches the provider on flush, and a new open reads it")
    func writeThenRead() async throws {
        try await Self.withDomain { domain, store in
            let item = try await domain.create(at: "/notes.txt", kind: .file, mode: 0o644)
            let handle = try await domain.open(at: "/notes.txt", writable: true)
            try Self.write("hello", to: handle, in: domain)
            #expect((Self.content(named: "notes.txt", in: store) ?? "") == "", "sent before the flush")
            try await domain.synchronize(handle)
            #expect(Self.content(named: "notes.txt", in: store) == "hello")
            try await domain.release(handle)
            #expect(try domain.attributes(at: "/notes.txt").st_size == 5)
            let reader = try await domain.open(at: "/notes.txt", writable: false)
            #expect(try Self.read(reader, in: domain) == "hello")
            try await domain.release(reader)
            #expect(store.snapshot().items.map(\.itemIdentifier) == [item.itemIdentifier])
        }
    }

    @Test("a quota failure reaches the program as EDQUOT, and the file keeps what the provider stored")
    func refusedWriteShowsTheStoredContent() async throws {
        try await Self.withDomain { domain, store in
            _ = try await domain.create(at: "/big.txt", kind: .file, mode: 0o644)
            store.quota = 3
            let handle = try await domain.open(at: "/big.txt", writable: true)
            try Self.write("more than three bytes", to: handle, in: domain)
            #expect(try domain.attributes(at: "/big.txt").st_size == 21, "the program's own writes, while open")
            do {
                try await domain.synchronize(handle)
                Issue.record("the flush committed past the quota")
            } catch {
                #expect(POSIXErrno.code(for: error) == EDQUOT)
            }
            #expect(try domain.attributes(at: "/big.txt").st_size == 0, "a size the provider did not store")
            try Self.write("again", to: handle, in: domain)
            do {
                try await domain.release(handle)
                Issue.record("the release committed past the quota")
            } catch {
                #expect(POSIXErrno.code(for: error) == EDQUOT)
            }
            #expect(domain.table.withLock { $0.workingCopies.isEmpty })
            #expect(try domain.attributes(at: "/big.txt").st_size == 0)
            store.quota = nil
            try await domain.refresh()
            #expect((Self.content(named: "big.txt", in: store) ?? "") == "")
        }
    }

    @Test(
        "a quota failure of a refresh's commit while the file is open keeps the writes and reaches the next fsync or close"
    )
    func refusedRefreshCommitReachesTheProgram() async throws {
        try await Self.withDomain { domain, store in
            _ = try await domain.create(at: "/synced.txt", kind: .file, mode: 0o644)
            _ = try await domain.create(at: "/closed.txt", kind: .file, mode: 0o644)
            store.quota = 3
            let synced = try await domain.open(at: "/synced.txt", writable: true)
            let closed = try await domain.open(at: "/closed.txt", writable: true)
            try Self.write("more than three bytes", to: synced, in: domain)
            try Self.write("more than three bytes", to: closed, in: domain)
            try await domain.refresh()
            #expect(try domain.attributes(at: "/synced.txt").st_size == 21, "the program's writes, kept while open")
            #expect(try domain.attributes(at: "/closed.txt").st_size == 21, "the program's writes, kept while open")
            do {
                try await domain.synchronize(synced)
                Issue.record("the fsync reported bytes the provider did not store as saved")
            } catch {
                #expect(POSIXErrno.code(for: error) == EDQUOT)
            }
            try await domain.release(synced)
            do {
                try await domain.release(closed)
                Issue.record("the close reported bytes the provider did not store as saved")
            } catch {
                #expect(POSIXErrno.code(for: error) == EDQUOT)
            }
            #expect(domain.table.withLock { $0.workingCopies.isEmpty })
            #expect(try domain.attributes(at: "/synced.txt").st_size == 0)
            #expect(try domain.attributes(at: "/closed.txt").st_size == 0)
            store.quota = nil
            try await domain.refresh()
            #expect((Self.content(named: "synced.txt", in: store) ?? "") == "")
            #expect((Self.content(named: "closed.txt", in: store) ?? "") == "")
        }
    }

    @Test("a quota failure of a refresh's commit while the file's last close is under way reaches that close, once")
    func refusedRefreshCommitDuringLastClose() async throws {
        try await Self.withDomain { domain, store in
            _ = try await domain.create(at: "/closing.txt", kind: .file, mode: 0o644)
            store.quota = 3
            let handle = try await domain.open(at: "/closing.txt", writable: true)
            try Self.write("more than three bytes", to: handle, in: domain)
            // The close's first step: the handle is gone, its commit not started yet.
            let copy = try #require(domain.table.withLock { $0.remove(handle) }?.handle.workingCopy)
            #expect(await domain.commitAll() == 1)
            #expect(try domain.attributes(at: "/closing.txt").st_size == 0, "a size the provider did not store")
            do {
                try await domain.commit(copy)
                Issue.record("the close reported bytes the provider did not store as saved")
            } catch {
                #expect(POSIXErrno.code(for: error) == EDQUOT)
            }
            try await domain.commit(copy)
            #expect(domain.table.withLock { $0.dropIfUnused(copy) })
            copy.discard()
        }
    }

    @Test("a remote edit made while a file is open for writing, caught up before the local write, keeps both")
    func remoteEditCaughtUpWhileOpenKeepsBoth() async throws {
        try await Self.withDomain { domain, store in
            let item = try await domain.create(at: "/shared.txt", kind: .file, mode: 0o644)
            let handle = try await domain.open(at: "/shared.txt", writable: true)
            try store.remote.modifyContents(of: item.itemIdentifier, to: Data("theirs".utf8))
            #expect(try await domain.refresh())
            try Self.write("mine", to: handle, in: domain)
            try await domain.release(handle)
            try await domain.refresh()
            let names = try domain.entries(at: "/").map(\.name)
            #expect(names.count == 2, "\(names)")
            #expect(Set(names.compactMap { Self.content(named: $0, in: store) }) == ["mine", "theirs"])
        }
    }

    @Test("O_TRUNC empties an existing working copy and a new one without fetching; the empty content is sent")
    func openTruncates() async throws {
        try await Self.withDomain { domain, store in
            try store.remote.createFile(named: "f.txt", contents: Data("old-content".utf8))
            try await domain.refresh()
            let writer = try await domain.open(at: "/f.txt", writable: true, truncate: true)
            #expect(try domain.attributes(at: "/f.txt").st_size == 0)
            try Self.write("new", to: writer, in: domain)
            let second = try await domain.open(at: "/f.txt", writable: true, truncate: true)
            #expect(try domain.attributes(at: "/f.txt").st_size == 0)
            try Self.write("n", to: second, in: domain)
            try await domain.release(second)
            try await domain.release(writer)
            #expect(Self.content(named: "f.txt", in: store) == "n")
        }
    }

    @Test("a truncate while the file's last release is under way reaches the provider before returning, and is kept")
    func truncateDuringRelease() async throws {
        try await Self.withDomain { domain, store in
            _ = try await domain.create(at: "/f", kind: .file, mode: 0o644)
            let writer = try await domain.open(at: "/f", writable: true)
            try Self.write("0123456789", to: writer, in: domain)
            try await domain.synchronize(writer)
            // close(2) has returned after the flush; the kernel's release comes later, and has
            // only taken the handle out of the table when the truncate arrives.
            let (handle, last) = try #require(domain.table.withLock { $0.remove(writer) })
            #expect(last)
            let copy = try #require(handle.workingCopy)
            try await domain.truncate(at: "/f", to: 4, handle: nil)
            #expect(Self.content(named: "f", in: store) == "0123")
            // The release ends as release(_:) does: its commit, then forgetting the working copy.
            try await domain.commit(copy)
            #expect(!domain.table.withLock { $0.dropIfUnused(copy) })
            #expect(try domain.attributes(at: "/f").st_size == 4)
            let reader = try await domain.open(at: "/f", writable: false)
            #expect(try Self.read(reader, in: domain) == "0123")
            try await domain.release(reader)
            #expect(Self.content(named: "f", in: store) == "0123")
        }
    }

    @Test("rename replaces an existing file; rmdir of a non-empty folder and mkdir of an existing name fail")
    func renameAndFolderRules() async throws {
        try await Self.withDomain { domain, store in
            let moving = try await domain.create(at: "/a.txt", kind: .file, mode: 0o644)
            _ = try await domain.create(at: "/b.txt", kind: .file, mode: 0o644)
            try await domain.rename(from: "/a.txt", to: "/b.txt", flags: 0)
            #expect(
                store.snapshot().items.map { "\($0.itemIdentifier) \($0.filename)" } == [
                    "\(moving.itemIdentifier) b.txt"
                ]
            )
            _ = try await domain.create(at: "/d", kind: .folder, mode: 0o755)
            _ = try await domain.create(at: "/d/x.txt", kind: .file, mode: 0o644)
            await #expect(throws: MountError.notEmpty) { try await domain.remove(at: "/d", directory: true) }
            await #expect(throws: MountError.exists) {
                _ = try await domain.create(at: "/d", kind: .folder, mode: 0o755)
            }
            await #expect(throws: MountError.invalid) { try await domain.rename(from: "/d", to: "/d/inner", flags: 0) }
            #expect(store.snapshot().items.count == 3)
        }
    }

    @Test("a change made by another client shows after a refresh")
    func remoteChangeShows() async throws {
        try await Self.withDomain { domain, store in
            #expect(throws: MountError.noEntry) { try domain.attributes(at: "/remote.txt") }
            try store.remote.createFile(named: "remote.txt", contents: Data("from elsewhere".utf8))
            #expect(try await domain.refresh())
            #expect(try domain.attributes(at: "/remote.txt").st_size == 14)
            #expect(try domain.entries(at: "/").map(\.name) == ["remote.txt"])
        }
    }

    @Test("a local edit of a file another client changed meanwhile keeps both: the provider's conflict copy shows")
    func conflictsSurfaceAsConflictCopies() async throws {
        try await Self.withDomain { domain, store in
            let item = try await domain.create(at: "/shared.txt", kind: .file, mode: 0o644)
            let handle = try await domain.open(at: "/shared.txt", writable: true)
            try store.remote.modifyContents(of: item.itemIdentifier, to: Data("theirs".utf8))
            try Self.write("mine", to: handle, in: domain)
            try await domain.release(handle)
            try await domain.refresh()
            let names = try domain.entries(at: "/").map(\.name)
            #expect(names.count == 2, "\(names)")
            let contents = Set(names.compactMap { Self.content(named: $0, in: store) })
            #expect(contents == ["mine", "theirs"])
        }
    }
}
