// swift-tools-version: 6.0
//
// Fuzz targets for FileProviderKit: libFuzzer executables (built with the toolchain's
// `-sanitize=fuzzer`) for the page and sync-anchor decoding of both writable providers — the
// reference provider and LocalFolderProvider — and for decoding ItemSnapshot and conformance
// reports. `run.sh` builds them and runs each for a given time; see README.md.

import PackageDescription

/// A fuzz target: an executable using FuzzSupport and the products it fuzzes.
func fuzzTarget(_ name: String, fuzzing products: [(name: String, package: String)]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0.name, package: $0.package) }
    )
}

let kit = (name: "FileProviderKit", package: "FileProviderKit")

let package = Package(
    name: "FileProviderKitFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "FileProviderKit", path: ".."),
        .package(name: "LocalFolderProvider", path: "../Examples/LocalFolderProvider"),
    ],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: kit.name, package: kit.package)]),
        fuzzTarget("fuzz-inmemory-tokens", fuzzing: [kit, ("InMemoryFileProvider", "FileProviderKit")]),
        fuzzTarget("fuzz-localfolder-tokens", fuzzing: [kit, ("LocalFolderProvider", "LocalFolderProvider")]),
        fuzzTarget("fuzz-report-decoding", fuzzing: [kit, ("FileProviderConformance", "FileProviderKit")]),
    ],
    swiftLanguageModes: [.v6]
)
