// swift-tools-version: 6.0
//
// ChildProcess: starts programs for the other examples' tests without Foundation's `Process`,
// whose `run()` crashes now and then on Linux with Swift 6.3.1 (an over-read while it scans
// /proc/self/fd: swiftlang/swift-corelibs-foundation#5472). Not a provider; no dependencies.

import PackageDescription

let package = Package(
    name: "ChildProcess",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ChildProcess", targets: ["ChildProcess"])
    ],
    targets: [
        .target(name: "ChildProcess"),
        .testTarget(name: "ChildProcessTests", dependencies: ["ChildProcess"]),
    ],
    swiftLanguageModes: [.v6]
)
