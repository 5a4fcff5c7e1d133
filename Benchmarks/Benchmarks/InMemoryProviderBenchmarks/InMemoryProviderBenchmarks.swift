import Benchmark
import BenchmarkMetrics
import BenchmarkSupport
import FileProviderKit
import Foundation
import InMemoryFileProvider

/// Absolute figures and allocations of the reference provider, each as one benchmark (see
/// Benchmarks/README.md; the goals' ratios come from `ratio-benchmarks`, measured side by side):
/// 1. a full name-sorted listing of a 1,000,000-item folder (page size 200) against copying the
///    same 1,000,000 `ItemSnapshot`s into pages of 200;
/// 2. one page at offset 900,000 against one at offset 0;
/// 3. the changes since an anchor, 100 changes, in a 1,000,000-item domain against a 1,000-item one;
/// 4. memory while building the 1,000,000-item folder (a metric in bytes per item);
/// 5. create and modify throughput at 1,000,000 items.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        units: [.throughput: .count],
        warmupIterations: 1,
        maxDuration: .seconds(20),
        maxIterations: 10
    )

    Benchmark(
        "1a. List a 1M-item folder by name, page size 200",
        configuration: .init(setup: { _ = Domains.listing })
    ) { _ in
        blackHole(await listAll(Domains.listing.enumerator, pageSize: 200))
    }

    Benchmark(
        "1b. Baseline: copy 1M ItemSnapshots into pages of 200",
        configuration: .init(setup: { _ = Domains.listing })
    ) { _ in
        blackHole(copyIntoPages(Domains.listing.items, pageSize: 200))
    }

    Benchmark(
        "2a. One page of 200 at offset 0 (1M-item folder)",
        configuration: .init(scalingFactor: .kilo, setup: { _ = Domains.listing })
    ) { benchmark in
        let enumerator = Domains.listing.enumerator
        for _ in benchmark.scaledIterations {
            blackHole(await listPage(enumerator, at: .initialPageSortedByName, pageSize: 200))
        }
    }

    Benchmark(
        "2b. One page of 200 at offset 900,000 (1M-item folder)",
        configuration: .init(scalingFactor: .kilo, setup: { _ = Domains.listing })
    ) { benchmark in
        let enumerator = Domains.listing.enumerator
        let page = Domains.listing.pageAt900K
        for _ in benchmark.scaledIterations {
            blackHole(await listPage(enumerator, at: page, pageSize: 200))
        }
    }

    for domain in [Domains.changesLarge, Domains.changesSmall] {
        Benchmark(
            "3\(domain.size > 1_000 ? "a" : "b"). Changes since an anchor: 100 changes, \(domain.label) items",
            configuration: .init(scalingFactor: .kilo, setup: { _ = domain.value })
        ) { benchmark in
            let (enumerator, anchor) = domain.value
            for _ in benchmark.scaledIterations {
                let changes = try await enumerator.changes(since: anchor, suggestedBatchSize: 200)
                precondition(changes.updatedItems.count == 100)
                blackHole(changes)
            }
        }
    }

    Benchmark(
        "4. Build a 1M-item folder (resident memory)",
        configuration: .memoryPerItem()
    ) { benchmark in
        await benchmark.measureMemoryPerItem { (makeStore(items: 1_000_000), 1_000_000) }
    }

    Benchmark(
        "5a. Create at 1M items (createItem)",
        configuration: .init(scalingFactor: .kilo, setup: { _ = Domains.mutations })
    ) { benchmark in
        let provider = Domains.mutations.provider
        for index in benchmark.scaledIterations {
            let template = ItemSnapshot(
                itemIdentifier: "template",
                parentItemIdentifier: .rootContainer,
                filename: "NEW_\(Domains.mutations.nextSerial())_\(index).jpg",
                contentType: .jpeg
            )
            blackHole(
                try await provider.createItem(
                    basedOn: template,
                    fields: [],
                    contents: nil,
                    options: [],
                    request: Request()
                )
            )
        }
    }

    Benchmark(
        "5b. Modify (rename) at 1M items (modifyItem)",
        configuration: .init(scalingFactor: .kilo, setup: { _ = Domains.mutations })
    ) { benchmark in
        let provider = Domains.mutations.provider
        for _ in benchmark.scaledIterations {
            let serial = Domains.mutations.nextSerial()
            let identifier = Domains.mutations.randomItem()
            var item = ItemSnapshot(try await provider.item(for: identifier, request: Request()))
            let base = item.itemVersion
            item.filename = "RENAMED_\(serial).jpg"
            blackHole(
                try await provider.modifyItem(
                    item,
                    baseVersion: base,
                    changedFields: .filename,
                    contents: nil,
                    options: [],
                    request: Request()
                )
            )
        }
    }
}
