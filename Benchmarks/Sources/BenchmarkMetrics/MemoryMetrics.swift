import Benchmark
import BenchmarkSupport

extension BenchmarkMetric {
    /// Live heap per item (allocations, their slack included), a custom metric so that it is
    /// reported with the results, `--no-progress` or not.
    public static let heapBytesPerItem = BenchmarkMetric.custom(
        "Heap bytes per item",
        polarity: .prefersSmaller,
        useScalingFactor: false
    )

    /// Resident memory growth per item; it keeps what the allocator holds after frees.
    public static let residentBytesPerItem = BenchmarkMetric.custom(
        "Resident bytes per item",
        polarity: .prefersSmaller,
        useScalingFactor: false
    )
}

extension Benchmark.Configuration {
    /// A single run that reports wall clock, ``BenchmarkMetric/heapBytesPerItem`` and
    /// ``BenchmarkMetric/residentBytesPerItem``, in whole bytes.
    public static func memoryPerItem(setup: Benchmark.BenchmarkSetupHook? = nil) -> Benchmark.Configuration {
        .init(
            metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal, .heapBytesPerItem, .residentBytesPerItem],
            units: [.heapBytesPerItem: .count, .residentBytesPerItem: .count],
            warmupIterations: 0,
            maxIterations: 1,
            setup: setup
        )
    }
}

extension Benchmark {
    /// Records the heap and resident memory that `build` adds, divided by the item count it returns.
    public func measureMemoryPerItem<Kept>(_ build: () async throws -> (kept: Kept, count: Int)) async rethrows {
        let heapBefore = heapBytesInUse()
        let residentBefore = residentBytes()
        let (kept, count) = try await build()
        measurement(.heapBytesPerItem, (heapBytesInUse() - heapBefore) / max(1, count))
        measurement(.residentBytesPerItem, (residentBytes() - residentBefore) / max(1, count))
        withExtendedLifetime(kept) {}
    }
}
