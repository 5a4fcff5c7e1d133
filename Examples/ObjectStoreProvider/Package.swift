// swift-tools-version: 6.0
//
// ObjectStoreProvider: a file provider over the S3 REST API, the shape of most object stores
// (keys, implied folders, copy + delete for renames, no change feed). Requests go through
// AsyncHTTPClient and are signed with AWS Signature Version 4 through swift-crypto. Built on
// FileProviderKit's FileProviderBackendSupport, and tested against moto's S3 server on loopback.

import PackageDescription

let package = Package(
    name: "ObjectStoreProvider",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ObjectStoreProvider", targets: ["ObjectStoreProvider"])
    ],
    dependencies: [
        .package(name: "FileProviderKit", path: "../.."),
        // The tests start moto's server with it, not with Foundation's Process (see its Package.swift).
        .package(name: "ChildProcess", path: "../ChildProcess"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    ],
    targets: [
        .target(
            name: "ObjectStoreProvider",
            dependencies: [
                .product(name: "FileProviderKit", package: "FileProviderKit"),
                .product(name: "FileProviderBackendSupport", package: "FileProviderKit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // Lists 10,000 keys through the provider and with plain ListObjectsV2, side by side.
        .executableTarget(
            name: "objectstore-benchmark",
            dependencies: [
                "ObjectStoreProvider",
                .product(name: "FileProviderKit", package: "FileProviderKit"),
                .product(name: "ChildProcess", package: "ChildProcess"),
            ]
        ),
        .testTarget(
            name: "ObjectStoreProviderTests",
            dependencies: [
                "ObjectStoreProvider",
                .product(name: "FileProviderKit", package: "FileProviderKit"),
                .product(name: "FileProviderConformance", package: "FileProviderKit"),
                .product(name: "ChildProcess", package: "ChildProcess"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
