import FileProviderHost
import FileProviderKit
import Foundation
import Testing

@Suite("Content cache")
struct ContentCacheTests {
    @Test("fetched content beyond the capacity evicts the least recently used")
    func leastRecentlyUsedEviction() async throws {
        let provider = FakeProvider()
        let first = provider.remoteCreate("1.txt", contents: Data("111111".utf8))
        let second = provider.remoteCreate("2.txt", contents: Data("222222".utf8))
        let third = provider.remoteCreate("3.txt", contents: Data("333333".utf8))
        let host = try HostFixture.host(provider, cacheCapacity: 12)
        try await host.synchronize()
        for identifier in [first, second] {
            try await host.run(try await host.submit(.fetchContents(identifier, version: nil)))
        }
        #expect(await host.contentCacheByteCount == 12)
        #expect(await host.cachedContents(of: first) != nil)
        try await host.run(try await host.submit(.fetchContents(third, version: nil)))
        #expect(await host.cachedContents(of: second) == nil)
        #expect(await host.cachedContents(of: first) != nil)
        #expect(await host.cachedContents(of: third) != nil)
        #expect(await host.contentCacheByteCount == 12)
        await host.evictContents(of: first)
        #expect(await host.contentCacheByteCount == 6)
        await host.stop()
    }

    @Test("a remote content edit drops the cached content; stopping removes the cache folder")
    func staleContentDropped() async throws {
        let provider = FakeProvider()
        let file = provider.remoteCreate("f.txt", contents: Data("old".utf8))
        let host = try HostFixture.host(provider)
        try await host.synchronize()
        let record = try await host.run(try await host.submit(.fetchContents(file, version: nil)))
        let url = try #require(record.contentsURL)
        provider.remoteEdit(file, contents: Data("new".utf8))
        await host.signalEnumerator(for: .workingSet)
        try await host.synchronize()
        #expect(await host.cachedContents(of: file) == nil)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        let folder = await host.contentCacheFolder
        #expect(FileManager.default.fileExists(atPath: folder.path))
        await host.stop()
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
