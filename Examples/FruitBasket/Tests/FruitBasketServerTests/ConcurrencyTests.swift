import Foundation
import FruitBasketAPI
import Testing

@testable import FruitBasketServer

@Suite("Concurrency: ordered transactions and a feed that misses nothing")
struct ConcurrencyTests {
    static func folder(_ name: String) -> CreateItemRequest {
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

    /// Follows the feed from `cursor` until nothing more is coming, in batches of 5.
    static func drain(_ catalogue: Catalogue, from cursor: String) async throws -> (seen: Set<String>, cursor: String) {
        var seen: Set<String> = []
        var cursor = cursor
        while true {
            let batch = try await catalogue.changes(after: cursor, limit: 5, account: "fruit")
            seen.formUnion(batch.updated.map(\.id))
            cursor = batch.cursor
            if !batch.moreComing { return (seen, cursor) }
        }
    }

    @Test(
        "Two catalogues on one SQLite file (two server processes) take distinct sequences, and a reader following the feed while they write sees every item"
    )
    func sharedFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store.sqlite").path
        let databases = [
            try await SQLiteCatalogueDatabase(location: .file(path)),
            try await SQLiteCatalogueDatabase(location: .file(path)),
        ]
        let first = try await Catalogue(database: databases[0])
        let second = try await Catalogue(database: databases[1])
        let start = try await first.state().cursor
        let perWriter = 40

        let created = try await withThrowingTaskGroup(of: [WireItem].self) { group in
            for (index, catalogue) in [first, second].enumerated() {
                group.addTask {
                    var items: [WireItem] = []
                    for number in 0..<perWriter {
                        items.append(
                            try await catalogue.create(Self.folder("w\(index)-\(number)"), account: "fruit").item
                        )
                    }
                    return items
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(created.map(\.metadataVersion)).count == 2 * perWriter)
        #expect(try await first.state().sequence == Int64(2 * perWriter))

        #expect(try await Self.drain(second, from: start).seen == Set(created.map(\.id)))
        for database in databases { try await database.close() }
    }

    @Test("A reader following the feed while writers commit misses nothing once it catches up")
    func feedDuringWrites() async throws {
        let database = try await SQLiteCatalogueDatabase(location: .memory)
        let catalogue = try await Catalogue(database: database)
        let start = try await catalogue.state().cursor
        let count = 60
        async let writes: [WireItem] = withThrowingTaskGroup(of: WireItem.self) { group in
            for number in 0..<count {
                group.addTask { try await catalogue.create(Self.folder("f\(number)"), account: "fruit").item }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        var seen: Set<String> = []
        var cursor = start
        for _ in 0..<20 {
            let batch = try await catalogue.changes(after: cursor, limit: 5, account: "fruit")
            seen.formUnion(batch.updated.map(\.id))
            cursor = batch.cursor
        }
        let created = try await writes
        seen.formUnion(try await Self.drain(catalogue, from: cursor).seen)
        #expect(seen == Set(created.map(\.id)))
        try await database.close()
    }
}
