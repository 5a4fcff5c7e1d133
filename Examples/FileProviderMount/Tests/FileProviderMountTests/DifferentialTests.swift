import Foundation
import Testing

extension KernelMountTests {
    /// Everyday commands give the same tree in a plain folder and in a mount of the reference
    /// provider, and the provider's own listing after unmounting is that tree.
    @Suite("Differential: everyday commands")
    struct DifferentialTests {
        @Test(
            "mkdir, echo, appends, cp -r, mv, rm -r, ln -s, touch -d, chmod, find, tar, git, sqlite3 give identical trees"
        )
        func everydayCommands() throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let plain = folder("plain")
            try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
            let mount = try MountProcess(referenceExportingIn: folder)
            defer { mount.cleanUp() }

            let inPlain = try Shell.script("everyday-commands.sh", [plain.path])
            #expect(inPlain.status == 0, "in the plain folder: \(inPlain.errors)")
            let inMount = try Shell.script("everyday-commands.sh", [mount.mountPoint.path])
            #expect(inMount.status == 0, "in the mount: \(inMount.errors)")

            let expected = try Shell.script("tree-manifest.sh", [plain.path])
            let mounted = try Shell.script("tree-manifest.sh", [mount.mountPoint.path])
            #expect(expected.output.split(separator: "\n").count > 60)
            #expect(mounted.output == expected.output)
            if mounted.output != expected.output {
                let difference = try Shell.bash(
                    "diff <(bash '\(KernelSupport.scripts.path)/tree-manifest.sh' '\(plain.path)') "
                        + "<(bash '\(KernelSupport.scripts.path)/tree-manifest.sh' '\(mount.mountPoint.path)')"
                )
                Issue.record("the trees differ:\n\(difference.output)")
            }

            #expect(try mount.unmount() == 0)
            let exported = try Shell.script("tree-manifest.sh", [folder("export").path, "--no-times"])
            let plainWithoutTimes = try Shell.script("tree-manifest.sh", [plain.path, "--no-times"])
            #expect(exported.output == plainWithoutTimes.output, "the provider's own listing differs from the tree")
        }
    }
}
