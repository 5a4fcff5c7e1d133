import Foundation
import Testing

extension KernelMountTests {
    /// Changes made by another client show in the mount without remounting.
    @Suite("Remote changes")
    struct RemoteChangeTests {
        @Test("a file created, edited, renamed and deleted in LocalFolderProvider's directory shows in the mount")
        func remoteChangesShow() async throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let root = folder("root")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let mount = try MountProcess(
                mountPoint: folder("mount"),
                arguments: ["--folder", root.path, "--state", folder("state").path, "--refresh-ms", "200"]
            )
            defer { mount.cleanUp() }
            let seen = mount.mountPoint

            let remote = root.appendingPathComponent("remote.txt")
            let content = { try? String(contentsOf: seen.appendingPathComponent("remote.txt"), encoding: .utf8) }
            try Data("from another client\n".utf8).write(to: remote)
            #expect(try await eventually(content, equals: "from another client\n"))

            try Data("edited elsewhere, longer\n".utf8).write(to: remote)
            #expect(try await eventually(content, equals: "edited elsewhere, longer\n"))

            try FileManager.default.moveItem(at: remote, to: root.appendingPathComponent("renamed.txt"))
            #expect(try await eventually({ Self.listing(seen) }, equals: ["renamed.txt"]))

            try FileManager.default.removeItem(at: root.appendingPathComponent("renamed.txt"))
            #expect(try await eventually({ Self.listing(seen) }, equals: []))
            #expect(try mount.unmount() == 0)
        }

        @Test(
            "with a 60 s kernel cache, a remote edit and deletion still show: the catch-up invalidates the paths"
        )
        func remoteChangesInvalidateKernelCaches() async throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let root = folder("root")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let remote = root.appendingPathComponent("remote.txt")
            try Data("short\n".utf8).write(to: remote)
            let mount = try MountProcess(
                mountPoint: folder("mount"),
                arguments: [
                    "--folder", root.path, "--state", folder("state").path, "--refresh-ms", "200",
                    "--cache-timeout", "60",
                ]
            )
            defer { mount.cleanUp() }
            let seen = mount.mountPoint.appendingPathComponent("remote.txt")
            let content = { try? String(contentsOf: seen, encoding: .utf8) }
            // The kernel now holds the name, the attributes (size 6) and the content for 60 s.
            #expect(content() == "short\n")
            #expect(FileManager.default.fileExists(atPath: seen.path))

            try Data("edited elsewhere, much longer\n".utf8).write(to: remote)
            #expect(try await eventually(content, equals: "edited elsewhere, much longer\n"))

            try FileManager.default.removeItem(at: remote)
            #expect(try await eventually({ FileManager.default.fileExists(atPath: seen.path) }, equals: false))
            #expect(try mount.unmount() == 0)
        }

        static func listing(_ folder: URL) -> [String]? {
            (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.sorted()
        }
    }
}

/// Polls `probe` until it returns `expected`, for at most ten seconds: how long a remote change
/// may take to show is the mount's refresh interval plus the kernel's cache timeout, far below that.
///
/// - Returns: whether `probe` returned `expected` in time.
func eventually<T: Equatable>(_ probe: () -> T?, equals expected: T) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
        if probe() == expected { return true }
        try await Task.sleep(for: .milliseconds(50))
    }
    return probe() == expected
}
