// swift-tools-version: 6.0
//
// FileProviderMount: any provider as a real folder on Linux. Mounts a `FileProvider` through
// `FileProviderHost` as a FUSE file system (libfuse 3, reached through pkg-config), so `ls`,
// editors, `cp -r`, `git` and `tar` work on a provider's domain. The command mounts the reference
// provider, LocalFolderProvider, or a FruitBasket server over HTTP. Linux only; needs Debian's `libfuse3-dev` to build and `fuse3`
// with `/dev/fuse` to mount.

import PackageDescription

let package = Package(
    name: "FileProviderMount",
    products: [
        .library(name: "FileProviderMount", targets: ["FileProviderMount"]),
        .executable(name: "fileprovider-mount", targets: ["fileprovider-mount"]),
    ],
    dependencies: [
        .package(name: "FileProviderKit", path: "../.."),
        .package(name: "LocalFolderProvider", path: "../LocalFolderProvider"),
        .package(name: "FruitBasket", path: "../FruitBasket"),
        // The tests start programs with it, not with Foundation's Process (see its Package.swift).
        .package(name: "ChildProcess", path: "../ChildProcess"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CFuse3",
            pkgConfig: "fuse3",
            providers: [.apt(["libfuse3-dev"])]
        ),
        .target(
            name: "FileProviderMount",
            dependencies: [
                "CFuse3",
                .product(name: "FileProviderKit", package: "FileProviderKit"),
                .product(name: "FileProviderHost", package: "FileProviderKit"),
                // For SparseCopy, which fills working copies keeping holes.
                .product(name: "LocalFolderProvider", package: "LocalFolderProvider"),
            ]
        ),
        .executableTarget(
            name: "fileprovider-mount",
            dependencies: [
                "FileProviderMount",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "FileProviderKit", package: "FileProviderKit"),
                .product(name: "InMemoryFileProvider", package: "FileProviderKit"),
                .product(name: "LocalFolderProvider", package: "LocalFolderProvider"),
                .product(name: "FruitBasketProvider", package: "FruitBasket"),
            ]
        ),
        .testTarget(
            name: "FileProviderMountTests",
            dependencies: [
                "FileProviderMount",
                "fileprovider-mount",
                .product(name: "FileProviderKit", package: "FileProviderKit"),
                .product(name: "InMemoryFileProvider", package: "FileProviderKit"),
                .product(name: "ChildProcess", package: "ChildProcess"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
