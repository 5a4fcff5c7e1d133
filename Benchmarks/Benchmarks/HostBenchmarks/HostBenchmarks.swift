import Benchmark
import FileProviderHost
import FileProviderKit
import Foundation
import InMemoryFileProvider
import Synchronization

/// The figures issue #4 asks for: how long a host takes to catch up on 100,000 changes in a
/// 1,000,000-item domain against a full listing of the same domain, and the memory its replica
/// holds per item.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 0,
        maxDuration: .seconds(60),
        maxIterations: 3
    )

    Benchmark(
        "6a. Host: initial synchronization (full listing) of a 1M-item domain",
        configuration: .init(setup: { _ = HostDomain.shared })
    ) { benchmark in
        let host = try HostDomain.shared.makeHost()
        benchmark.startMeasurement()
        try await host.synchronize()
        benchmark.stopMeasurement()
        let count = await host.replica.count
        precondition(count == HostDomain.itemCount)
        await host.stop()
    }

    Benchmark(
        "6b. Host: catch-up of 100,000 changes in a 1M-item domain",
        configuration: .init(setup: { _ = HostDomain.shared })
    ) { benchmark in
        let (host, changes) = try await HostDomain.shared.hostBehindChanges()
        benchmark.startMeasurement()
        let summary = try await host.synchronize()
        benchmark.stopMeasurement()
        precondition(summary.updatedItemCount == changes)
        await host.stop()
    }

    Benchmark(
        "6c. Host: replica memory per item (1M items)",
        configuration: .init(metrics: [.wallClock], maxIterations: 1, setup: { _ = HostDomain.shared })
    ) { _ in
        let host = try HostDomain.shared.makeHost()
        let before = residentBytes()
        try await host.synchronize()
        let after = residentBytes()
        let perItem = (after - before) / HostDomain.itemCount
        print("6c. The replica of \(HostDomain.itemCount) items grew resident memory by \(perItem) bytes per item.")
        await host.stop()
    }
}

/// A 1,000,000-item domain in the reference provider, built once, and hosts over it.
final class HostDomain: Sendable {
    static let itemCount = 1_000_000
    static let changeCount = 100_000
    static let shared = HostDomain()

    private let store: InMemoryStore
    private let renames = Mutex(0)

    init() {
        let clock = ManualStoreClock()
        store = InMemoryStore(
            domain: Domain(identifier: try! DomainIdentifier("host-bench"), displayName: "Host bench"),
            configuration: InMemoryStoreConfiguration(changeHistoryLimit: 10_000_000, clock: clock)
        )
        for index in 1...Self.itemCount {
            clock.advance(by: .milliseconds(1))
            _ = try! store.remote.createFile(named: "IMG_\(index).jpg", contentType: .jpeg)
        }
    }

    /// A manual host over the domain, suggesting pages and batches of 200 as the system does.
    func makeHost() throws -> ProviderHost {
        try ProviderHost(
            provider: store.makeProvider(),
            configuration: HostConfiguration(scheduling: .manual, suggestedPageSize: 200, suggestedBatchSize: 200)
        )
    }

    /// A host that has synchronized, then 100,000 renames it has not seen yet.
    func hostBehindChanges() async throws -> (ProviderHost, Int) {
        let host = try makeHost()
        try await host.synchronize()
        let round = renames.withLock {
            $0 += 1
            return $0
        }
        for change in 0..<Self.changeCount {
            let identifier = ItemIdentifier("i\(change * (Self.itemCount / Self.changeCount) + 1)")
            _ = try store.remote.rename(identifier, to: "CHANGED_\(round)_\(change).jpg")
        }
        return (host, Self.changeCount)
    }
}

/// The resident memory of this process, from /proc/self/statm (0 where it does not exist).
func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}
