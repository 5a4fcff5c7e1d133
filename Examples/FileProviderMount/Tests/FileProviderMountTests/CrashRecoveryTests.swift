import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension KernelMountTests {
    /// A killed mount loses no write that fsync acknowledged, and the folder mounts again.
    @Suite("Kill and remount")
    struct CrashRecoveryTests {
        @Test("after kill -9, every fsync-acknowledged write is in the provider and in the remounted folder")
        func killAndRemount() throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let root = folder("root")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let arguments = ["--folder", root.path, "--state", folder("state").path]
            let first = try MountProcess(mountPoint: folder("mount"), arguments: arguments)
            defer { first.cleanUp() }
            let written = try Shell.bash(
                """
                set -e
                cd '\(first.mountPoint.path)'
                mkdir -p notes/2024
                for n in $(seq 1 20); do
                    seq 1 $((n * 100)) | dd of="notes/2024/day-$n.txt" conv=fsync status=none
                done
                printf 'acknowledged\\n' | dd of=last.txt conv=fsync status=none
                """
            )
            #expect(written.status == 0, "\(written.errors)")
            first.send(SIGKILL)
            _ = try first.waitForExit(seconds: 30)
            first.cleanUp()

            #expect(
                try String(contentsOf: root.appendingPathComponent("last.txt"), encoding: .utf8) == "acknowledged\n"
            )
            let second = try MountProcess(mountPoint: folder("mount"), arguments: arguments)
            defer { second.cleanUp() }
            for n in 1...20 {
                let url = second.mountPoint.appendingPathComponent("notes/2024/day-\(n).txt")
                let expected = (1...(n * 100)).map { "\($0)\n" }.joined()
                #expect(try String(contentsOf: url, encoding: .utf8) == expected, "day-\(n).txt")
            }
            #expect(
                try String(contentsOf: second.mountPoint.appendingPathComponent("last.txt"), encoding: .utf8)
                    == "acknowledged\n"
            )
            #expect(try second.unmount() == 0)
        }
    }
}
