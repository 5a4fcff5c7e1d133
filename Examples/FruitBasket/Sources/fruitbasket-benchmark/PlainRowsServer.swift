import Foundation
import FruitBasketAPI
import FruitBasketServer
import Hummingbird
import Logging
import NIOCore

/// The baseline of the listing benchmark: one route, `GET /rows`, that reads every row of the
/// listed folder with one SQL query, in the listing's order, and answers them as one JSON array
/// of ``WireItem`` — the cheapest way to move the same rows over HTTP, without pages, cursors,
/// tokens or a provider.
struct PlainRowsServer: Sendable {
    let port: Int
    let task: Task<Void, any Error>

    static let query = """
        SELECT id, parent, name, kind, content_version, metadata_version, size, created, modified, last_used,
            favorite_rank, flags FROM items WHERE parent = ? ORDER BY name_key, id
        """

    static func start(database: any CatalogueDatabase, folder: String) async throws -> PlainRowsServer {
        let router = Router()
        router.get("rows") { _, _ -> Response in
            let rows = try await database.read { try await $0.query(query, [.text(folder)]) }
            let data = try JSONEncoder().encode(rows.compactMap(Self.item))
            return Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
            )
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "plain-rows")
        logger.logLevel = .critical
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let task = Task { try await application.run() }
        for await port in ports {
            return PlainRowsServer(port: port, task: task)
        }
        try await task.value
        throw CancellationError()
    }

    /// The row as a wire item, `nil` when a column is missing.
    static func item(_ row: SQLRow) -> WireItem? {
        guard let id = row["id"].string, let parent = row["parent"].string, let name = row["name"].string,
            let kind = row["kind"].string.flatMap(WireItemKind.init(rawValue:)),
            let content = row["content_version"].int64, let metadata = row["metadata_version"].int64,
            let flags = row["flags"].int64
        else { return nil }
        return WireItem(
            id: id,
            parent: parent,
            name: name,
            kind: kind,
            contentVersion: content,
            metadataVersion: metadata,
            size: row["size"].int64,
            created: row["created"].double,
            modified: row["modified"].double,
            lastUsed: row["last_used"].double,
            favoriteRank: row["favorite_rank"].int64.map { UInt64(bitPattern: $0) },
            flags: Int(flags)
        )
    }

    func stop() {
        task.cancel()
    }
}
