import Foundation
import Testing

extension KernelMountTests {
    /// A folder far larger than one readdir buffer lists every entry once.
    @Suite("Large folders")
    struct LargeFolderTests {
        static let entries = 10_000

        @Test("a folder of 10,000 files lists every entry exactly once, with ls and readdir")
        func largeFolderListsCompletely() throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let mount = try MountProcess(
                mountPoint: folder("mount"),
                arguments: ["--seed", "\(Self.entries)", "--seed-folder-size", "\(Self.entries)"]
            )
            defer { mount.cleanUp() }
            let large = mount.mountPoint.appendingPathComponent("folder-0")
            let expected = Set((0..<Self.entries).map { "file-\($0).txt" })

            let names = try FileManager.default.contentsOfDirectory(atPath: large.path)
            #expect(names.count == Self.entries)
            #expect(Set(names) == expected)
            let long = try Shell.bash("ls -l '\(large.path)' | grep -c '^-rw-r--r--'")
            #expect(long.output == "\(Self.entries)\n")
            let sample = try String(contentsOf: large.appendingPathComponent("file-9999.txt"), encoding: .utf8)
            #expect(sample == "folder-0/file-9999.txt\n")
            #expect(try mount.unmount() == 0)
        }
    }
}
