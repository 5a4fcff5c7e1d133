import ChildProcess
import FileProviderKit
import Foundation
import ObjectStoreProvider

#if canImport(Glibc)
import Glibc
#endif

// Lists 10,000 keys of one folder through the provider (every page, 1,000 items a page) and with
// plain paginated ListObjectsV2 requests of the same prefix (1,000 keys a request), side by side:
// alternating rounds after a warm-up, reporting the minimum and the median of each and their
// ratio. Uses the S3 server in OBJECTSTORE_S3_ENDPOINT, or starts moto_server on loopback.
//
//     swift run -c release --package-path Examples/ObjectStoreProvider objectstore-benchmark [keys] [rounds]

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let keyCount = arguments.first ?? 10_000
let rounds = arguments.dropFirst().first ?? 7

var server: ChildProcess?
let endpoint: URL
if let configured = ProcessInfo.processInfo.environment["OBJECTSTORE_S3_ENDPOINT"], let url = URL(string: configured) {
    endpoint = url
} else {
    let port = 30_000 + Int(getpid() % 10_000)
    let child = try ChildProcess(
        executable: "moto_server",
        arguments: ["-H", "127.0.0.1", "-p", String(port)],
        standardOutput: .lines,
        standardError: .lines
    )
    guard child.blockingWaitForLine(containing: "Running on", timeout: .seconds(60)) != nil else {
        child.send(SIGTERM)
        throw FileProviderError(.serverUnreachable, message: "moto_server did not start")
    }
    server = child
    guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw FileProviderError(.invalidArgument) }
    endpoint = url
}
defer {
    server?.send(SIGTERM)
    _ = server?.blockingWaitForExit(timeout: .seconds(10))
}

let configuration = S3Configuration(
    endpoint: endpoint,
    bucket: "bench-\(UUID().uuidString.lowercased().prefix(12))",
    accessKeyID: "testing",
    secretAccessKey: "testing"
)
let state = FileManager.default.temporaryDirectory.appendingPathComponent("objectstore-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: state) }
let provider = try await ObjectStoreProvider(configuration: configuration, stateDirectory: state)

let folderTemplate = ItemSnapshot(
    itemIdentifier: "template",
    parentItemIdentifier: .rootContainer,
    filename: "bench",
    contentType: .folder
)
guard
    let folder = try await provider.createItem(
        basedOn: folderTemplate,
        fields: [.filename],
        contents: nil,
        options: [],
        request: Request()
    )?.item.itemIdentifier
else { throw FileProviderError(.cannotSynchronize, message: "the folder was refused") }
let content = FileManager.default.temporaryDirectory.appendingPathComponent("bench-content-\(UUID().uuidString)")
try Data("x".utf8).write(to: content)
defer { try? FileManager.default.removeItem(at: content) }
let seedStart = ContinuousClock.now
for index in 0..<keyCount {
    let template = ItemSnapshot(
        itemIdentifier: "template",
        parentItemIdentifier: folder,
        filename: String(format: "file-%05d.txt", index),
        contentType: .forFilename("file.txt")
    )
    _ = try await provider.createItem(
        basedOn: template,
        fields: [.filename, .contents],
        contents: content,
        options: [],
        request: Request()
    )
}
print("seeded \(keyCount) keys through the provider in \(ContinuousClock.now - seedStart)")

func throughProvider() async throws -> Int {
    try await provider.enumerator(for: folder, request: Request()).allItems(suggestedPageSize: 1_000).count
}

func plainListObjects() async throws -> Int {
    try await provider.client.listObjects(prefix: "bench/", delimiter: "/").objects.count - 1
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func time(_ body: () async throws -> Int) async throws -> Double {
    let start = ContinuousClock.now
    let count = try await body()
    guard count == keyCount else {
        throw FileProviderError(.cannotSynchronize, message: "listed \(count) of \(keyCount)")
    }
    return seconds(ContinuousClock.now - start)
}

_ = try await time(throughProvider)
_ = try await time(plainListObjects)
var providerTimes: [Double] = []
var plainTimes: [Double] = []
for round in 0..<rounds {
    if round % 2 == 0 {
        providerTimes.append(try await time(throughProvider))
        plainTimes.append(try await time(plainListObjects))
    } else {
        plainTimes.append(try await time(plainListObjects))
        providerTimes.append(try await time(throughProvider))
    }
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func milliseconds(_ value: Double) -> String { String(format: "%.1f ms", value * 1_000) }
print("listing \(keyCount) keys, \(rounds) alternating rounds after a warm-up:")
print(
    "  through the provider: min \(milliseconds(providerTimes.min() ?? 0)), median \(milliseconds(median(providerTimes)))"
)
print("  plain ListObjectsV2:  min \(milliseconds(plainTimes.min() ?? 0)), median \(milliseconds(median(plainTimes)))")
print(
    String(
        format: "  ratio (provider / plain): min %.2f, median %.2f",
        (providerTimes.min() ?? 0) / (plainTimes.min() ?? 1),
        median(providerTimes) / median(plainTimes)
    )
)
await provider.invalidate()
