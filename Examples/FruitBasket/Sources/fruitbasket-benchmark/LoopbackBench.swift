import AsyncHTTPClient
import FileProviderKit
import Foundation
import FruitBasketAPI
import FruitBasketProvider
import FruitBasketServer

/// A FruitBasket server over a SQLite file in a temporary folder, a provider talking to it, and a
/// plain HTTP client, all on loopback.
struct LoopbackBench: Sendable {
    let folder: URL
    let database: SQLiteCatalogueDatabase
    let server: RunningFruitBasketServer
    let provider: FruitBasketProvider
    let http: HTTPClient
    /// The folder the listings read.
    let listedFolder = WireIdentifiers.root

    static func open() async throws -> LoopbackBench {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("fruitbasket-benchmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = try await SQLiteCatalogueDatabase(
            location: .file(folder.appendingPathComponent("store.sqlite").path)
        )
        let configuration = FruitBasketServerConfiguration(port: 0, logLevel: .error)
        let server = try await FruitBasketServer.start(configuration: configuration, database: database)
        let (account, secret) = FruitBasketServerConfiguration.defaultAccounts.first ?? ("fruit", "basket")
        let provider = FruitBasketProvider(
            configuration: FruitBasketConfiguration(baseURL: server.baseURL, account: account, secret: secret)
        )
        return LoopbackBench(
            folder: folder,
            database: database,
            server: server,
            provider: provider,
            http: HTTPClient(eventLoopGroupProvider: .singleton)
        )
    }

    /// Creates `count` empty files in the listed folder through the catalogue, and returns the
    /// seconds it took.
    func seed(count: Int) async throws -> Double {
        let catalogue = server.server.catalogue
        return try await Stopwatch.seconds {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for lane in 0..<4 {
                    group.addTask {
                        for index in stride(from: lane, to: count, by: 4) {
                            let item = WireItem(
                                id: "",
                                parent: listedFolder,
                                name: String(format: "fruit-%07d.txt", index),
                                kind: .file,
                                contentVersion: 0,
                                metadataVersion: 0,
                                modified: 1_700_000_000 + Double(index)
                            )
                            _ = try await catalogue.create(CreateItemRequest(item: item), account: "fruit")
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    func close() async {
        await provider.invalidate()
        try? await http.shutdown()
        await server.stop()
        try? await database.close()
        try? FileManager.default.removeItem(at: folder)
    }
}
