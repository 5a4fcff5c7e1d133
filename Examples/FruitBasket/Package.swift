// swift-tools-version: 6.1
//
// FruitBasket: the shape most real providers have. A server keeps the items in a database
// (SQLite, or PostgreSQL shared by several server processes) and serves them over HTTP; a provider
// implements FileProviderKit's contract as a client of that server. Written as a third party would,
// against FileProviderKit's public products only, and tested with the conformance suite over
// loopback and with fault tests (restarts, expired credentials, slow responses).

import PackageDescription

let package = Package(
    name: "FruitBasket",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FruitBasketAPI", targets: ["FruitBasketAPI"]),
        .library(name: "FruitBasketServer", targets: ["FruitBasketServer"]),
        .library(name: "FruitBasketProvider", targets: ["FruitBasketProvider"]),
        .executable(name: "fruitbasket-server", targets: ["fruitbasket-server"]),
    ],
    dependencies: [
        .package(name: "FileProviderKit", path: "../.."),
        // The tests start servers as processes with it, not with Foundation's Process (see its Package.swift).
        .package(name: "ChildProcess", path: "../ChildProcess"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        // The wire format: the requests and responses both sides encode, and the error codes.
        .target(name: "FruitBasketAPI"),
        .target(
            name: "FruitBasketServer",
            dependencies: [
                "FruitBasketAPI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .executableTarget(
            name: "fruitbasket-server",
            dependencies: [
                "FruitBasketServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .target(
            name: "FruitBasketProvider",
            dependencies: [
                "FruitBasketAPI",
                .product(name: "FileProviderKit", package: "FileProviderKit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // Listing through the provider against plain HTTP, and writes per second; run it in release.
        .executableTarget(
            name: "fruitbasket-benchmark",
            dependencies: [
                "FruitBasketAPI",
                "FruitBasketServer",
                "FruitBasketProvider",
                .product(name: "FileProviderKit", package: "FileProviderKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "FruitBasketServerTests",
            dependencies: [
                "FruitBasketServer",
                "FruitBasketAPI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ChildProcess", package: "ChildProcess"),
            ]
        ),
        .testTarget(
            name: "FruitBasketProviderTests",
            dependencies: [
                "FruitBasketProvider",
                "FruitBasketServer",
                "FruitBasketAPI",
                .product(name: "FileProviderKit", package: "FileProviderKit"),
                .product(name: "FileProviderConformance", package: "FileProviderKit"),
                .product(name: "FileProviderHost", package: "FileProviderKit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ChildProcess", package: "ChildProcess"),
                // The multi-server tests start this executable twice on one PostgreSQL database.
                "fruitbasket-server",
            ]
        ),
        // Fault tests: the server killed and restarted as a process, expired tokens, a slow server.
        .testTarget(
            name: "FruitBasketFaultTests",
            dependencies: [
                "FruitBasketProvider",
                "FruitBasketServer",
                "FruitBasketAPI",
                "fruitbasket-server",
                .product(name: "FileProviderKit", package: "FileProviderKit"),
                .product(name: "FileProviderHost", package: "FileProviderKit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ChildProcess", package: "ChildProcess"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
