// swift-tools-version: 6.0
//
// FileProviderKit: the contract of Apple's File Provider framework as portable Swift protocols,
// with an in-memory reference provider, a host that drives providers as the system does, and a
// conformance harness. This package depends on no other package, and never will.

import PackageDescription

let package = Package(
    name: "FileProviderKit",
    platforms: [
        .macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2),
    ],
    products: [
        .library(name: "FileProviderKit", targets: ["FileProviderKit"]),
        .library(name: "InMemoryFileProvider", targets: ["InMemoryFileProvider"]),
        .library(name: "FileProviderHost", targets: ["FileProviderHost"]),
        .library(name: "FileProviderConformance", targets: ["FileProviderConformance"]),
        .library(name: "FileProviderAppleBridge", targets: ["FileProviderAppleBridge"]),
        .library(name: "FileProviderBackendSupport", targets: ["FileProviderBackendSupport"]),
        .executable(name: "fileprovider-conformance", targets: ["fileprovider-conformance"]),
    ],
    targets: [
        .target(name: "FileProviderKit"),
        .target(name: "InMemoryFileProvider", dependencies: ["FileProviderKit", "FileProviderBackendSupport"]),
        .target(name: "FileProviderHost", dependencies: ["FileProviderKit"]),
        .target(
            name: "FileProviderConformance",
            dependencies: ["FileProviderKit", "InMemoryFileProvider", "FileProviderHost"]
        ),
        .target(name: "FileProviderAppleBridge", dependencies: ["FileProviderKit"]),
        .target(name: "FileProviderBackendSupport", dependencies: ["FileProviderKit"]),
        .executableTarget(
            name: "fileprovider-conformance",
            dependencies: ["FileProviderConformance", "InMemoryFileProvider", "FileProviderKit"]
        ),
        .testTarget(name: "FileProviderKitTests", dependencies: ["FileProviderKit"]),
        .testTarget(
            name: "InMemoryFileProviderTests",
            dependencies: ["InMemoryFileProvider", "FileProviderBackendSupport", "FileProviderKit"]
        ),
        .testTarget(
            name: "FileProviderHostTests",
            dependencies: ["FileProviderHost", "InMemoryFileProvider", "FileProviderKit"]
        ),
        .testTarget(
            name: "FileProviderConformanceTests",
            dependencies: ["FileProviderConformance", "InMemoryFileProvider", "FileProviderHost", "FileProviderKit"]
        ),
        .testTarget(
            name: "FileProviderBackendSupportTests",
            dependencies: ["FileProviderBackendSupport", "FileProviderKit"]
        ),
        .testTarget(
            name: "FileProviderAppleBridgeTests",
            dependencies: [
                "FileProviderAppleBridge", "FileProviderConformance", "InMemoryFileProvider", "FileProviderKit",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
