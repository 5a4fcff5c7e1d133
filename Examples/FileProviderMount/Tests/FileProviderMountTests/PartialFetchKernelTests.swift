import Foundation
import Testing

extension KernelMountTests {
    /// Reads through the kernel of a file the reference provider fetches by range.
    @Suite("Partial fetch through the kernel")
    struct PartialFetchKernelTests {
        @Test("one byte, then the whole of a 5 MB seeded file read through the mount match the provider's content")
        func readsThroughPartialFetch() throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let mount = try MountProcess(
                mountPoint: folder("mount"),
                arguments: ["--seed", "1", "--seed-file-size", "5000000"]
            )
            defer { mount.cleanUp() }
            let line = Data("folder-0/file-0.txt\n".utf8)
            var expected = Data()
            while expected.count < 5_000_000 { expected.append(line.prefix(5_000_000 - expected.count)) }
            let file = mount.mountPoint.appendingPathComponent("folder-0/file-0.txt")
            let handle = try FileHandle(forReadingFrom: file)
            try handle.seek(toOffset: 3_000_007)
            #expect(try handle.read(upToCount: 1) == expected.subdata(in: 3_000_007..<3_000_008))
            try handle.close()
            #expect(try Data(contentsOf: file) == expected)
            #expect(try mount.unmount() == 0)
        }
    }
}
