// swift-tools-version: 6.1
//
// Benchmarks of FileProviderKit's reference provider, host and conformance harness, measured with
// ordo-one's benchmark package: `swift package --package-path Benchmarks benchmark` (release mode).
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
        .executableTarget(
            name: "InMemoryProviderBenchmarks",
            dependencies: [
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
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "FileProviderHost", package: "FileProviderKit"),
                .product(name: "InMemoryFileProvider", package: "FileProviderKit"),
                .product(name: "FileProviderKit", package: "FileProviderKit"),
            ],
            path: "Benchmarks/HostBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ConformanceBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "FileProviderConformance", package: "FileProviderKit"),
            ],
            path: "Benchmarks/ConformanceBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
