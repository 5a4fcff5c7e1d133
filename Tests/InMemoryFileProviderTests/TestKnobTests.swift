import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

@Suite("test knobs")
struct TestKnobTests {
    @Test("a fault fires for its operation and identifier, as many times as asked")
    func faults() async throws {
        let fixture = try Fixture()
        let file = try await fixture.createFile("a")
        fixture.store.inject(
            Fault(.serverUnreachable, operation: .item, identifier: file.itemIdentifier, repetition: .times(2))
        )
        _ = try await fixture.item(.rootContainer)
        await fixture.expectError(.serverUnreachable) { _ = try await fixture.item(file.itemIdentifier) }
        await fixture.expectError(.serverUnreachable) { _ = try await fixture.item(file.itemIdentifier) }
        _ = try await fixture.item(file.itemIdentifier)
        fixture.store.inject(Fault(.cannotSynchronize, operation: .createItem))
        await fixture.expectError(.cannotSynchronize) { try await fixture.createFile("b") }
        try await fixture.createFile("b")
        fixture.store.inject(Fault(.notAuthenticated, repetition: .always))
        await fixture.expectError(.notAuthenticated) { try await fixture.createFile("c") }
        await fixture.expectError(.notAuthenticated) { _ = try await fixture.currentAnchor() }
        fixture.store.removeAllFaults()
        try await fixture.createFile("c")
    }

    @Test("a fault on enumeration finishes the page with the error")
    func enumerationFault() async throws {
        let fixture = try Fixture()
        let enumerator = try await fixture.provider.enumerator(for: .rootContainer, request: Request())
        fixture.store.inject(Fault(.serverUnreachable, operation: .enumerateItems))
        let recorder = PageRecorder(pageSize: 3)
        await enumerator.enumerateItems(for: recorder, startingAt: .initialPageSortedByName)
        #expect(code(of: recorder.error) == .serverUnreachable)
    }

    @Test("offline, unauthenticated and quota switches")
    func switches() async throws {
        let fixture = try Fixture()
        fixture.store.isOffline = true
        await fixture.expectError(.serverUnreachable) { try await fixture.createFile("a") }
        fixture.store.isOffline = false
        fixture.store.isAuthenticated = false
        await fixture.expectError(.notAuthenticated) { try await fixture.createFile("a") }
        fixture.store.isAuthenticated = true
        fixture.store.quota = 4
        let file = try await fixture.createFile("a", contents: "1234")
        await fixture.expectError(.insufficientQuota) { try await fixture.createFile("b", contents: "5") }
        await fixture.expectError(.insufficientQuota) {
            try await fixture.modify(file, fields: .contents, contents: "12345")
        }
        try await fixture.modify(file, fields: .contents, contents: "123")
        #expect(fixture.store.storedByteCount == 3)
    }

    @Test("latency waits on the injected clock, not in real time")
    func latency() async throws {
        let fixture = try Fixture()
        fixture.store.latency = .seconds(30)
        let start = fixture.clock.now()
        let file = try await fixture.createFile("a")
        #expect(fixture.clock.totalSleep == .seconds(30))
        #expect(file.creationDate == start.addingTimeInterval(30))
    }

    @Test("remote changes are logged and signal the working set")
    func remoteSignals() async throws {
        let signals = LockedValue<[DomainSignal]>([])
        let domain = Domain(identifier: try DomainIdentifier("d"), displayName: "D")
        let store = InMemoryStore(domain: domain) { signal in signals.withLock { $0.append(signal) } }
        let folder = try store.remote.createFolder(named: "folder")
        let file = try store.remote.createFile(named: "a.txt", contents: Data("x".utf8))
        try store.remote.modifyContents(of: file.itemIdentifier, to: Data("y".utf8))
        try store.remote.rename(file.itemIdentifier, to: "b.txt")
        try store.remote.move(file.itemIdentifier, to: folder.itemIdentifier)
        try store.remote.trash(folder.itemIdentifier)
        try store.remote.restore(folder.itemIdentifier)
        try store.remote.delete(folder.itemIdentifier)
        #expect(
            signals.withLock { $0 } == Array(repeating: .enumerator(.workingSet, domain: domain.identifier), count: 8)
        )
        #expect(store.snapshot().changeLog.count == 9)
        #expect(store.snapshot().items.isEmpty)
    }

    @Test("resetting the epoch expires anchors; a fresh listing and anchor work")
    func resetEpoch() async throws {
        let fixture = try Fixture()
        try await fixture.createFile("a")
        let anchor = try await fixture.currentAnchor()
        fixture.store.resetEpoch()
        await #expect(throws: FileProviderError.self) { _ = try await fixture.changes(since: anchor) }
        let fresh = try await fixture.currentAnchor()
        #expect(try await fixture.names() == ["a"])
        try await fixture.createFile("b")
        #expect(try await fixture.changes(since: fresh).updatedItems.map(\.filename) == ["b"])
    }

    @Test("a seeded run with a fixed epoch is reproducible bit for bit")
    func deterministic() async throws {
        func run() async throws -> (StoreSnapshot, SyncAnchor, Page?) {
            let fixture = try Fixture(initialEpoch: 42)
            let folder = try await fixture.createFolder("folder")
            for index in 0..<5 {
                fixture.clock.advance(by: .seconds(1))
                try await fixture.createFile("f\(index)", in: folder.itemIdentifier, contents: "\(index)")
            }
            let recorder = PageRecorder(pageSize: 2)
            try await fixture.provider.enumerator(for: folder.itemIdentifier, request: Request())
                .enumerateItems(for: recorder, startingAt: .initialPageSortedByDate)
            return (fixture.store.snapshot(), try await fixture.currentAnchor(), recorder.nextPage ?? nil)
        }
        let first = try await run()
        let second = try await run()
        #expect(first.0 == second.0)
        #expect(first.1 == second.1)
        #expect(first.2 == second.2)
    }

    @Test("two stores created without an epoch draw distinct ones and refuse each other's tokens")
    func distinctEpochs() async throws {
        let first = try Fixture()
        let second = try Fixture()
        #expect(first.store.epoch != second.store.epoch)
        let anchor = try await first.currentAnchor()
        await #expect(throws: FileProviderError.self) { _ = try await second.changes(since: anchor) }
    }
}
