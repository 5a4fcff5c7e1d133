import Benchmark
import BenchmarkMetrics
import BenchmarkSupport
import FileProviderHost
import FileProviderKit

/// Absolute figures and allocations of the host over a 1,000,000-item domain whose provider
/// returns its own item copies (`IndependentItemsProvider`): a full listing, a catch-up on
/// 100,000 renames of items picked at random, and the heap its replica keeps per item. The
/// goals' ratios come from `ratio-benchmarks`, measured side by side.
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
        configuration: .init(setup: { _ = hostScenario })
    ) { benchmark in
        let host = try hostScenario.makeHost()
        benchmark.startMeasurement()
        try await host.synchronize()
        benchmark.stopMeasurement()
        let count = await host.replica.count
        precondition(count == hostScenario.itemCount)
        await host.stop()
    }

    Benchmark(
        "6b. Host: catch-up of 100,000 changes in a 1M-item domain",
        configuration: .init(setup: { _ = hostScenario })
    ) { benchmark in
        let host = try await hostScenario.synchronizedHost()
        try hostScenario.renameRandomItems(changeCount)
        benchmark.startMeasurement()
        let summary = try await host.synchronize()
        benchmark.stopMeasurement()
        precondition(summary.updatedItemCount == changeCount)
        await host.stop()
    }

    Benchmark(
        "6c. Host: replica memory per item (1M items)",
        configuration: .memoryPerItem(setup: { _ = hostScenario })
    ) { benchmark in
        try await benchmark.measureMemoryPerItem {
            let host = try await hostScenario.synchronizedHost()
            return (host, await host.replica.count)
        }
    }
}

/// The 1,000,000-item domain, built once, in the first benchmark's setup.
let hostScenario = HostScenario(itemCount: 1_000_000)

/// The number of renames the catch-up benchmark applies.
let changeCount = 100_000
