// swift-tools-version: 6.1
//
// Benchmarks of FileProviderKit's reference provider and host. Two kinds, see README.md:
// - ordo-one's benchmark package, for absolute figures and allocations:
//   `swift package --package-path Benchmarks benchmark` (release mode);
// - the goals as ratios measured side by side in one run:
//   `swift run --package-path Benchmarks -c release ratio-benchmarks`.
// A nested package, so the root package keeps no dependencies.

import PackageDescription

let package = Package(
    name: "FileProviderKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "FileProviderKit", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(name: "CHeapUsage", path: "Sources/CHeapUsage"),
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                "CHeapUsage",
                .product(name: "FileProviderHost", package: "FileProviderKit"),
                .product(name: "InMemoryFileProvider", package: "FileProviderKit"),
                .product(name: "FileProviderKit", package: "FileProviderKit"),
            ],
            path: "Sources/BenchmarkSupport"
        ),
        .target(
            name: "BenchmarkMetrics",
            dependencies: ["BenchmarkSupport", .product(name: "Benchmark", package: "benchmark")],
            path: "Sources/BenchmarkMetrics"
        ),
        .executableTarget(
            name: "ratio-benchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "FileProviderHost", package: "FileProviderKit"),
                .product(name: "FileProviderKit", package: "FileProviderKit"),
            ],
            path: "Sources/RatioBenchmarks"
        ),
        .executableTarget(
            name: "InMemoryProviderBenchmarks",
            dependencies: [
                "BenchmarkMetrics",
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "InMemoryFileProvider", package: "FileProviderKit"),
                .product(name: "FileProviderKit", package: "FileProviderKit"),
            ],
            path: "Benchmarks/InMemoryProviderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "HostBenchmarks",
            dependencies: [
                "BenchmarkMetrics",
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "FileProviderHost", package: "FileProviderKit"),
                .product(name: "InMemoryFileProvider", package: "FileProviderKit"),
                .product(name: "FileProviderKit", package: "FileProviderKit"),
            ],
            path: "Benchmarks/HostBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
