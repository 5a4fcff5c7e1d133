import FileProviderKit
import Foundation

/// Times creations, then content modifications, of small files through the provider, one at a
/// time and eight at a time, and prints the operations per second of each.
struct WriteThroughput {
    let bench: LoopbackBench
    let count: Int
    static let concurrency = 8

    func run() async throws {
        let contents = bench.folder.appendingPathComponent("content.bin")
        try Data(repeating: 0x61, count: 1_024).write(to: contents)
        let folder = try await createFolder(named: "writes")
        print("writes of 1 KiB files through the provider over loopback (operations per second):")
        for lanes in [1, Self.concurrency] {
            var created: [ItemSnapshot] = []
            let creating = try await Stopwatch.seconds {
                created = try await inLanes(lanes) { index in
                    try await create(named: "w\(lanes)-\(index).txt", in: folder, contents: contents)
                }
            }
            let written = created
            let modifying = try await Stopwatch.seconds {
                _ = try await inLanes(lanes) { index in try await modify(written[index], contents: contents) }
            }
            print(
                String(
                    format: "  %d at a time: %.0f creations/s, %.0f modifications/s",
                    lanes,
                    Double(count) / creating,
                    Double(count) / modifying
                )
            )
        }
    }

    /// Runs `operation` for every index below `count`, `lanes` at a time, and returns the results
    /// in index order.
    private func inLanes(
        _ lanes: Int,
        _ operation: @escaping @Sendable (Int) async throws -> ItemSnapshot
    ) async throws -> [ItemSnapshot] {
        let count = count
        return try await withThrowingTaskGroup(of: [(Int, ItemSnapshot)].self) { group in
            for lane in 0..<lanes {
                group.addTask {
                    var results: [(Int, ItemSnapshot)] = []
                    for index in stride(from: lane, to: count, by: lanes) {
                        results.append((index, try await operation(index)))
                    }
                    return results
                }
            }
            var all: [(Int, ItemSnapshot)] = []
            for try await results in group { all += results }
            return all.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    private func createFolder(named name: String) async throws -> ItemIdentifier {
        let template = ItemSnapshot(
            itemIdentifier: ItemIdentifier(UUID().uuidString),
            parentItemIdentifier: .rootContainer,
            filename: name,
            contentType: .folder
        )
        let result = try await bench.provider.createItem(
            basedOn: template,
            fields: [],
            contents: nil,
            options: [],
            request: Request()
        )
        guard let result else { throw BenchmarkFailure("the provider refused the folder \(name)") }
        return result.item.itemIdentifier
    }

    private func create(named name: String, in folder: ItemIdentifier, contents: URL) async throws -> ItemSnapshot {
        let template = ItemSnapshot(
            itemIdentifier: ItemIdentifier(UUID().uuidString),
            parentItemIdentifier: folder,
            filename: name,
            contentType: .forFilename(name)
        )
        let result = try await bench.provider.createItem(
            basedOn: template,
            fields: .contents,
            contents: contents,
            options: [],
            request: Request()
        )
        guard let result else { throw BenchmarkFailure("the provider refused \(name)") }
        return ItemSnapshot(result.item)
    }

    private func modify(_ item: ItemSnapshot, contents: URL) async throws -> ItemSnapshot {
        let result = try await bench.provider.modifyItem(
            item,
            baseVersion: item.itemVersion,
            changedFields: .contents,
            contents: contents,
            options: [],
            request: Request()
        )
        guard let result else { throw BenchmarkFailure("the provider returned no item for \(item.filename)") }
        return ItemSnapshot(result.item)
    }
}
