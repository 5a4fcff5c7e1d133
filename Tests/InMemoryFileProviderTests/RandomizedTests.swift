import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

/// Seeded random runs of local and remote operations, interleaved with paged listings and change
/// catch-ups. After every step, a replica built only from the reported changes must equal a fresh
/// listing of the working set, and every failed operation must have left the store unchanged.
@Suite("randomized")
struct RandomizedTests {
    static let names = ["a", "A", "b", "c.txt", "C.TXT", "d", "e.md"]

    @Test("a replica built from changes equals a fresh listing after every step", arguments: [1, 2, 3] as [UInt64])
    func replicaConverges(seed: UInt64) async throws {
        var run = try await Run(seed: seed)
        var operations = 0
        for step in 0..<800 {
            for _ in 0..<Int.random(in: 1...3, using: &run.random) {
                try await run.randomOperation()
                operations += 1
            }
            if step % 50 == 0 { try await run.pagedListingWithConcurrentWrites() }
            try await run.catchUp()
            let listing = try await run.fixture.listing(
                .workingSet,
                pageSize: Int.random(in: 1...50, using: &run.random)
            )
            #expect(
                run.replica == Dictionary(uniqueKeysWithValues: listing.map { ($0.itemIdentifier, $0) }),
                "step \(step)"
            )
            #expect(listing == run.fixture.store.snapshot().items, "step \(step)")
        }
        #expect(operations > 1_400)
        #expect(run.failures > 50)
    }

    struct Run {
        let fixture: Fixture
        var random: SeededGenerator
        var replica: [ItemIdentifier: ItemSnapshot] = [:]
        var anchor: SyncAnchor
        var failures = 0

        init(seed: UInt64) async throws {
            fixture = try Fixture()
            random = SeededGenerator(seed: seed)
            anchor = try await fixture.currentAnchor()
        }

        var items: [ItemSnapshot] { fixture.store.snapshot().items }

        mutating func pick() -> ItemSnapshot? {
            items.randomElement(using: &random)
        }

        mutating func container() -> ItemIdentifier {
            let folders = items.filter { $0.contentType.isDirectory }.map(\.itemIdentifier)
            let choices: [ItemIdentifier] = [.rootContainer, .rootContainer, .trashContainer] + folders
            return choices.randomElement(using: &random) ?? .rootContainer
        }

        mutating func name() -> String {
            RandomizedTests.names.randomElement(using: &random) ?? "a"
        }

        /// One random local or remote operation; a failure must leave the store unchanged.
        mutating func randomOperation() async throws {
            let before = fixture.store.snapshot()
            do {
                try await operation(Int.random(in: 0..<16, using: &random))
            } catch let error as FileProviderError {
                failures += 1
                #expect(fixture.store.snapshot() == before, "\(error) changed the store")
            }
        }

        private mutating func operation(_ choice: Int) async throws {
            let remote = fixture.store.remote
            switch choice {
            case 0, 1: try await fixture.createFile(name(), in: container(), contents: name())
            case 2: try await fixture.createFolder(name(), in: container())
            case 3: try remote.createFolder(named: name(), in: container())
            case 4: try remote.createFile(named: name(), in: container(), contents: Data(name().utf8))
            case 5:
                guard let item = pick() else { return }
                let newName = name()
                try await fixture.modify(item, fields: .filename) { $0.filename = newName }
            case 6:
                guard let item = pick() else { return }
                let parent = container()
                try await fixture.modify(item, fields: [.parentItemIdentifier, .tagData]) {
                    $0.parentItemIdentifier = parent
                    $0.tagData = Data([1])
                }
            case 7:
                guard let item = pick(), !item.contentType.isDirectory else { return }
                let stale = Bool.random(using: &random)
                let failOnConflict = Bool.random(using: &random)
                try await fixture.modify(
                    item,
                    fields: .contents,
                    contents: name() + name(),
                    baseVersion: stale ? ItemVersion(contentRevision: 0, metadataRevision: 0) : nil,
                    options: failOnConflict ? .failOnConflict : []
                )
            case 8:
                guard let item = pick() else { return }
                try await fixture.provider.deleteItem(
                    identifier: item.itemIdentifier,
                    baseVersion: Bool.random(using: &random) ? item.itemVersion : ItemVersion(),
                    options: Bool.random(using: &random) ? .recursive : [],
                    request: Request()
                )
            case 9:
                guard let item = pick(), !item.contentType.isDirectory else { return }
                try remote.modifyContents(of: item.itemIdentifier, to: Data(name().utf8))
            case 10:
                guard let item = pick() else { return }
                try remote.rename(item.itemIdentifier, to: name())
            case 11:
                guard let item = pick() else { return }
                try remote.move(item.itemIdentifier, to: container())
            case 12:
                guard let item = pick() else { return }
                try remote.trash(item.itemIdentifier)
            case 13:
                guard let item = pick() else { return }
                try remote.restore(item.itemIdentifier, to: container())
            case 14:
                guard let item = pick(), Int.random(in: 0..<3, using: &random) == 0 else { return }
                try remote.delete(item.itemIdentifier)
            default:
                fixture.clock.advance(by: .seconds(Int64.random(in: 0...5, using: &random)))
            }
        }

        /// Applies every change since the anchor to the replica, each batch from a fresh provider,
        /// checking that parents come first.
        mutating func catchUp() async throws {
            var moreComing = true
            while moreComing {
                let batchSize = Int.random(in: 1...6, using: &random)
                let batch = try await fixture.store.makeProvider().enumerator(for: .workingSet, request: Request())
                    .changeBatch(from: anchor, suggestedBatchSize: batchSize)
                for item in batch.updatedItems.map({ ItemSnapshot($0) }) {
                    let parent = item.parentItemIdentifier
                    #expect(parent.isReservedContainer || replica[parent] != nil, "\(item) before its parent")
                    replica[item.itemIdentifier] = item
                }
                for identifier in batch.deletedItemIdentifiers { replica[identifier] = nil }
                if batch.moreComing { #expect(batch.anchor != anchor) }
                anchor = batch.anchor
                moreComing = batch.moreComing
            }
        }

        /// Lists a random container page by page, writing between pages: children that stay (with
        /// the same name and date) are listed exactly once. Children that change may be listed
        /// again or missed, as keyset pagination allows.
        mutating func pagedListingWithConcurrentWrites() async throws {
            let container = self.container()
            let before = items.filter { $0.parentItemIdentifier == container }
            let enumerator = try await fixture.provider.enumerator(for: container, request: Request())
            var page: Page? = Bool.random(using: &random) ? .initialPageSortedByName : .initialPageSortedByDate
            var listed: [ItemIdentifier] = []
            while let current = page {
                let recorder = PageRecorder(pageSize: Int.random(in: 1...3, using: &random))
                await enumerator.enumerateItems(for: recorder, startingAt: current)
                if code(of: recorder.error) == .noSuchItem { return }
                #expect(recorder.error == nil)
                listed += recorder.items.map(\.itemIdentifier)
                page = recorder.nextPage ?? nil
                try await randomOperation()
            }
            let after = Dictionary(uniqueKeysWithValues: items.map { ($0.itemIdentifier, $0) })
            for item in before {
                guard let now = after[item.itemIdentifier], now.parentItemIdentifier == container,
                    now.filename == item.filename, now.contentModificationDate == item.contentModificationDate
                else { continue }
                #expect(listed.count { $0 == item.itemIdentifier } == 1, "\(item) stayed but was not listed once")
            }
        }
    }
}
