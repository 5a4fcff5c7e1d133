import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

@Suite("InMemoryDomainManager")
struct DomainManagerTests {
    @Test("adds, lists and removes domains; removal drops the data and old anchors")
    func lifecycle() async throws {
        let manager = InMemoryDomainManager()
        let first = Domain(identifier: try DomainIdentifier("b"), displayName: "B")
        let second = Domain(identifier: try DomainIdentifier("a"), displayName: "A", supportsSyncingTrash: false)
        try await manager.add(first)
        try await manager.add(second)
        #expect(try await manager.domains().map(\.identifier.rawValue) == ["a", "b"])
        let store = try manager.store(for: first.identifier)
        try store.remote.createFile(named: "x")
        let provider = try manager.provider(for: first.identifier)
        let anchor = try #require(
            try await provider.enumerator(for: .workingSet, request: Request()).currentSyncAnchor()
        )
        try await manager.remove(first)
        #expect(try await manager.domains() == [second])
        await #expect(throws: FileProviderError.self) { _ = try await provider.item(for: "i1", request: Request()) }
        try await manager.add(first)
        let fresh = try manager.provider(for: first.identifier)
        #expect(try await fresh.enumerator(for: .workingSet, request: Request()).allItems().isEmpty)
        let enumerator = try await fresh.enumerator(for: .workingSet, request: Request())
        await #expect(throws: FileProviderError.self) { _ = try await enumerator.changeBatch(from: anchor) }
        do {
            try await manager.remove(Domain(identifier: try DomainIdentifier("zzz"), displayName: "Z"))
            Issue.record("expected providerDomainNotFound")
        } catch {
            #expect(code(of: error) == .providerDomainNotFound)
        }
    }

    @Test("signals from the manager and from remote changes are published in order")
    func signals() async throws {
        let manager = InMemoryDomainManager()
        let domain = Domain(identifier: try DomainIdentifier("d"), displayName: "D")
        try await manager.add(domain)
        try manager.store(for: domain.identifier).remote.createFolder(named: "f")
        try await manager.signalErrorResolved(FileProviderError(.serverUnreachable), in: domain.identifier)
        try await manager.signalEnumerator(for: .workingSet, in: domain.identifier)
        var iterator = manager.signals.makeAsyncIterator()
        #expect(await iterator.next() == .enumerator(.workingSet, domain: domain.identifier))
        #expect(await iterator.next() == .errorResolved(.serverUnreachable, domain: domain.identifier))
        #expect(await iterator.next() == .enumerator(.workingSet, domain: domain.identifier))
        await #expect(throws: FileProviderError.self) {
            try await manager.signalEnumerator(for: .workingSet, in: try DomainIdentifier("unknown"))
        }
    }
}
