import Foundation
import Testing

extension KernelMountTests {
    /// A folder far larger than one readdir buffer lists every entry once.
    @Suite("Large folders")
    struct LargeFolderTests {
        @Test(
            "a folder of 10,000 and of 100,000 files lists every entry exactly once, with ls and readdir",
            arguments: [10_000, 100_000]
        )
        func largeFolderListsCompletely(entries: Int) throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let mount = try MountProcess(
                mountPoint: folder("mount"),
                arguments: ["--seed", "\(entries)", "--seed-folder-size", "\(entries)"]
            )
            defer { mount.cleanUp() }
            let large = mount.mountPoint.appendingPathComponent("folder-0")
            let expected = Set((0..<entries).map { "file-\($0).txt" })

            let names = try FileManager.default.contentsOfDirectory(atPath: large.path)
            #expect(names.count == entries)
            #expect(Set(names) == expected)
            let long = try Shell.bash("ls -l '\(large.path)' | grep -c '^-rw-r--r--'")
            #expect(long.output == "\(entries)\n")
            let sample = try String(
                contentsOf: large.appendingPathComponent("file-\(entries - 1).txt"),
                encoding: .utf8
            )
            #expect(sample == "folder-0/file-\(entries - 1).txt\n")
            #expect(try mount.unmount() == 0)
        }
    }
}
