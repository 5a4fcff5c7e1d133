// Measures the provider over loopback against an in-process server on a SQLite file:
// - listing a folder of `--items` files (default 100,000) through the provider's enumerator, and
//   with plain HTTP GETs of the same pages (JSON decoded only for the next cursor); the ratio is
//   the provider's cost over the wire's;
// - creations and modifications (renames) per second through the provider, one at a time.
// Each listing runs `--rounds` times (default 3), alternating, and the median is reported.

import AsyncHTTPClient
import FileProviderKit
import Foundation
import FruitBasketAPI
import FruitBasketProvider
import FruitBasketServer
import NIOCore

/// A command-line option's value, or `fallback`.
func option(_ name: String, _ fallback: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return fallback }
    return Int(arguments[index + 1]) ?? fallback
}

/// How long `body` takes, in seconds.
func seconds(_ body: () async throws -> Void) async throws -> Double {
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Shuts `client` down, waiting for it.
func shutDown(_ client: HTTPClient) async throws {
    try await client.shutdown()
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

let itemCount = option("--items", 100_000)
let operationCount = option("--operations", 2_000)
let rounds = max(1, option("--rounds", 3))

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fruitbasket-benchmark-\(UUID())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let database = try await SQLiteCatalogueDatabase(location: .file(folder.appendingPathComponent("fruit.sqlite").path))
let server = try await FruitBasketServer.start(
    configuration: FruitBasketServerConfiguration(port: 0),
    database: database
)
let (account, secret) = FruitBasketServerConfiguration.defaultAccounts.first ?? ("", "")
let configuration = FruitBasketConfiguration(baseURL: server.baseURL, account: account, secret: secret)

print("seeding \(itemCount) files in one folder…")
let big = try await server.server.catalogue.create(
    CreateItemRequest(
        item: WireItem(
            id: "",
            parent: "root",
            name: "Big",
            kind: .folder,
            contentVersion: 0,
            metadataVersion: 0,
            flags: 7
        )
    )
).item
for index in 0..<itemCount {
    let name = "file-\(String(index, radix: 36)).txt"
    _ = try await server.server.catalogue.create(
        CreateItemRequest(
            item: WireItem(id: "", parent: big.id, name: name, kind: .file, contentVersion: 0, metadataVersion: 0)
        )
    )
}

let provider = FruitBasketProvider(configuration: configuration)
let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
let token = try await {
    var request = HTTPClientRequest(url: server.baseURL + APIPaths.tokens)
    request.method = .POST
    request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(TokenRequest(account: account, secret: secret))))
    let response = try await http.execute(request, timeout: .seconds(30))
    let body = try await response.body.collect(upTo: 1 << 20)
    return try JSONDecoder().decode(TokenGrant.self, from: Data(body.readableBytesView)).token
}()

/// Lists the folder through the provider, 1,000 items a page; returns the count.
func listThroughProvider() async throws -> Int {
    let enumerator = try await provider.enumerator(for: ItemIdentifier(big.id), request: Request())
    guard let enumerator = enumerator as? FruitBasketEnumerator else { return 0 }
    var page = Page.initialPageSortedByName
    var count = 0
    while true {
        let result = try await enumerator.enumerateItems(startingAt: page, limit: 1_000)
        count += result.items.count
        guard let next = result.nextPage else { return count }
        page = next
    }
}

/// Lists the folder with plain GETs of the same pages; returns the count.
func listWithPlainGets() async throws -> Int {
    var cursor: String?
    var count = 0
    repeat {
        var url = server.baseURL + APIPaths.children(big.id) + "?order=name&limit=1000"
        if let cursor { url += "&cursor=" + APIPaths.escaped(cursor) }
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        let response = try await http.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 64 << 20)
        let page = try JSONDecoder().decode(ListingPage.self, from: Data(body.readableBytesView))
        count += page.items.count
        cursor = page.next
    } while cursor != nil
    return count
}

var providerTimes: [Double] = []
var plainTimes: [Double] = []
for _ in 0..<rounds {
    var listed = 0
    providerTimes.append(try await seconds { listed = try await listThroughProvider() })
    precondition(listed == itemCount, "the provider listed \(listed) items")
    plainTimes.append(try await seconds { listed = try await listWithPlainGets() })
    precondition(listed == itemCount, "the plain GETs listed \(listed) items")
}
let providerListing = median(providerTimes)
let plainListing = median(plainTimes)
print(
    String(
        format: "listing %d items: provider %.3f s, plain GETs %.3f s, ratio %.2f",
        itemCount,
        providerListing,
        plainListing,
        providerListing / plainListing
    )
)

var created: [ItemSnapshot] = []
let creating = try await seconds {
    for index in 0..<operationCount {
        let template = ItemSnapshot(
            itemIdentifier: "t",
            parentItemIdentifier: .rootContainer,
            filename: "op-\(index).txt",
            contentType: .plainText
        )
        let result = try await provider.createItem(
            basedOn: template,
            fields: [.filename],
            contents: nil,
            options: [],
            request: Request()
        )
        if let item = result?.item { created.append(ItemSnapshot(item)) }
    }
}
let modifying = try await seconds {
    for var item in created {
        let base = item.itemVersion
        item.filename = "renamed-" + item.filename
        _ = try await provider.modifyItem(
            item,
            baseVersion: base,
            changedFields: .filename,
            contents: nil,
            options: [],
            request: Request()
        )
    }
}
print(
    String(
        format: "%d creations: %.0f per second; %d renames: %.0f per second",
        operationCount,
        Double(operationCount) / creating,
        created.count,
        Double(created.count) / modifying
    )
)

await provider.invalidate()
try await shutDown(http)
await server.stop()
try await database.close()
