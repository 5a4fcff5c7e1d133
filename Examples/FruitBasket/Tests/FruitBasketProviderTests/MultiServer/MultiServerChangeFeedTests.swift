import FruitBasketAPI
import FruitBasketProvider
import Synchronization
import Testing

// Needs a PostgreSQL server: `export FRUITBASKET_POSTGRES_URL=$(Scripts/start-postgres.sh start)`
// before `swift test` (CI does); skipped otherwise.
/// Two server processes on one PostgreSQL database: a change committed through one reaches the
/// other's long poll and change feed, and concurrent commits through both form one gap-free,
/// totally ordered feed (the advisory lock of ``PostgresCatalogueDatabase``).
@Suite(
    "Two server processes on one PostgreSQL database",
    .enabled(if: ScratchPostgresDatabase.serverURL != nil, ScratchPostgresDatabase.skipReason)
)
struct MultiServerChangeFeedTests {
    private static func folder(_ name: String) -> CreateItemRequest {
        CreateItemRequest(
            item: WireItem(
                id: "",
                parent: WireIdentifiers.root,
                name: name,
                kind: .folder,
                contentVersion: 0,
                metadataVersion: 0
            )
        )
    }

    /// Every update of the feed after `cursor`, read through `client` in batches of `limit`.
    private static func feed(
        after cursor: String,
        through client: FruitBasketClient,
        limit: Int
    ) async throws
        -> (updated: [WireItem], deleted: [String], cursor: String)
    {
        var cursor = cursor
        var updated: [WireItem] = []
        var deleted: [String] = []
        while true {
            let batch = try await client.changes(after: cursor, limit: limit)
            updated += batch.updated
            deleted += batch.deleted
            cursor = batch.cursor
            if !batch.moreComing { return (updated, deleted, cursor) }
        }
    }

    @Test func aChangeThroughBWakesALongPollOnAAndEntersItsFeed() async throws {
        try await ServerPair.with { servers in
            let before = try await servers.clientA.state()
            let waiting = Task { try await servers.clientA.waitForChange(after: before.sequence, wait: .seconds(60)) }
            let created = try await servers.clientB.createItem(Self.folder("from B")).item
            let woken = try await waiting.value
            #expect(woken.sequence == created.metadataVersion)
            #expect(woken.epoch == before.epoch)
            let feed = try await Self.feed(after: before.cursor, through: servers.clientA, limit: 100)
            #expect(feed.updated == [created])
            #expect(feed.deleted == [])
        }
    }

    /// Creates through A and B at once while a follower pulls A's feed: the versions the creates
    /// were given are exactly the next ones after the start, and both feeds, as well as the
    /// follower that read while commits were landing, list every item once in version order.
    @Test func concurrentCommitsThroughBothFormOneGapFreeFeed() async throws {
        let count = 40
        try await ServerPair.with { servers in
            let start = try await servers.clientA.state()
            let createsDone = Atomic(false)
            let follower = Task {
                var seen: [WireItem] = []
                var cursor = start.cursor
                var sequence = start.sequence
                while true {
                    // A pull that starts after every create returned sees all of them, if any.
                    let last = createsDone.load(ordering: .acquiring)
                    let batch = try await Self.feed(after: cursor, through: servers.clientA, limit: 7)
                    seen += batch.updated
                    cursor = batch.cursor
                    sequence = seen.last?.metadataVersion ?? sequence
                    if last { return seen }
                    if batch.updated.isEmpty {
                        _ = try await servers.clientA.waitForChange(after: sequence, wait: .seconds(1))
                    }
                }
            }
            let created: [WireItem]
            do {
                created = try await withThrowingTaskGroup(of: WireItem.self) { group in
                    for index in 0..<count {
                        let client = index.isMultiple(of: 2) ? servers.clientA : servers.clientB
                        group.addTask { try await client.createItem(Self.folder("item \(index)")).item }
                    }
                    return try await group.reduce(into: [WireItem]()) { $0.append($1) }
                }
            } catch {
                follower.cancel()
                throw error
            }
            createsDone.store(true, ordering: .releasing)
            let versions = created.map(\.metadataVersion).sorted()
            #expect(versions == Array((start.sequence + 1)...(start.sequence + Int64(count))))
            let byVersion = created.sorted { $0.metadataVersion < $1.metadataVersion }
            for client in [servers.clientA, servers.clientB] {
                let feed = try await Self.feed(after: start.cursor, through: client, limit: 9)
                #expect(feed.updated == byVersion)
            }
            #expect(try await follower.value == byVersion)
        }
    }
}
