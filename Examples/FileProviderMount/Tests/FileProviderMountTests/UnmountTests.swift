import ChildProcess
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension KernelMountTests {
    /// Unmounting by signal sends the writes still buffered in open files.
    @Suite("Unmount on signals")
    struct UnmountTests {
        @Test(
            "SIGTERM and SIGINT send a write whose file is still open, unmount and exit 0",
            arguments: [SIGTERM, SIGINT]
        )
        func signalFlushesPendingWrites(signal: Int32) throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let mount = try MountProcess(referenceExportingIn: folder)
            defer { mount.cleanUp() }
            let file = mount.mountPoint.appendingPathComponent("pending.txt").path
            let holder = try ChildProcess(
                executable: "/usr/bin/timeout",
                arguments: ["60", "bash", "-c", "exec 3> '\(file)'; echo unsaved >&3; echo ready; exec sleep 60"],
                standardOutput: .lines
            )
            defer { holder.send(SIGKILL) }
            #expect(holder.blockingWaitForLine(containing: "ready", timeout: .seconds(30)) != nil)

            mount.send(signal)
            #expect(try mount.waitForExit(seconds: 60) == 0)
            let exported = folder("export").appendingPathComponent("pending.txt")
            #expect(try String(contentsOf: exported, encoding: .utf8) == "unsaved\n")
        }
    }
}
