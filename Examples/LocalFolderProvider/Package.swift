// swift-tools-version: 6.0
//
// LocalFolderProvider: a file provider whose backend is a real directory on disk, written as a
// third party would write it, against FileProviderKit's public products only, and tested with the
// conformance suite, security tests and a crash test.

import PackageDescription

let package = Package(
    name: "LocalFolderProvider",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LocalFolderProvider", targets: ["LocalFolderProvider"])
    ],
    dependencies: [
        .package(name: "FileProviderKit", path: "../.."),
        // The crash test starts crash-writer with it, not with Foundation's Process (see its Package.swift).
        .package(name: "ChildProcess", path: "../ChildProcess"),
    ],
    targets: [
        .target(
            name: "LocalFolderProvider",
            dependencies: [.product(name: "FileProviderKit", package: "FileProviderKit")]
        ),
        // Performs operations and prints an acknowledgement after each; the crash test kills it.
        .executableTarget(
            name: "crash-writer",
            dependencies: [
                "LocalFolderProvider",
                .product(name: "FileProviderKit", package: "FileProviderKit"),
            ]
        ),
        .testTarget(
            name: "LocalFolderProviderTests",
            dependencies: [
                "LocalFolderProvider",
                "crash-writer",
                .product(name: "FileProviderKit", package: "FileProviderKit"),
                .product(name: "FileProviderConformance", package: "FileProviderKit"),
                .product(name: "ChildProcess", package: "ChildProcess"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
