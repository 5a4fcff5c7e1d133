// swift-tools-version: 6.0
//
// HelloProvider: the smallest useful file provider — a fixed, read-only tree — written as a third
// party would write it, against FileProviderKit's public products only, and tested with the
// conformance suite.

import PackageDescription

let package = Package(
    name: "HelloProvider",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "HelloProvider", targets: ["HelloProvider"])
    ],
    dependencies: [
        .package(name: "FileProviderKit", path: "../..")
    ],
    targets: [
        .target(
            name: "HelloProvider",
            dependencies: [.product(name: "FileProviderKit", package: "FileProviderKit")]
        ),
        .testTarget(
            name: "HelloProviderTests",
            dependencies: [
                "HelloProvider",
                .product(name: "FileProviderKit", package: "FileProviderKit"),
                .product(name: "FileProviderConformance", package: "FileProviderKit"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
