import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension KernelMountTests {
    /// System calls on a mount fail with the errno of the table in the guide.
    @Suite("errno through the kernel")
    struct KernelErrnoTests {
        @Test("mkdir, rmdir, unlink, open, link, rename and symlink fail with the expected errno")
        func failuresReachProgramsAsErrno() throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let reference = try MountProcess(mountPoint: folder("reference"), arguments: [])
            defer { reference.cleanUp() }
            let path = { (name: String) in reference.mountPoint.appendingPathComponent(name).path }
            #expect(mkdir(path("a"), 0o755) == 0)
            #expect(mkdir(path("a/b"), 0o755) == 0)
            #expect(Self.errno { mkdir(path("a"), 0o755) } == EEXIST)
            #expect(Self.errno { rmdir(path("a")) } == ENOTEMPTY)
            #expect(Self.errno { unlink(path("a")) } == EISDIR)
            #expect(Self.errno { open(path("missing.txt"), O_RDONLY) } == ENOENT)
            #expect(Self.errno { mkdir(path("missing/a"), 0o755) } == ENOENT)
            #expect(Self.errno { rename(path("a"), path("a/b/c")) } == EINVAL)
            #expect(FileManager.default.createFile(atPath: path("file.txt"), contents: Data("x".utf8)))
            #expect(Self.errno { link(path("file.txt"), path("hard-link.txt")) } == EPERM)
            #expect(Self.errno { rename(path("file.txt"), path("a")) } == EISDIR)
            #expect(Self.errno { rmdir(path("file.txt")) } == ENOTDIR)
            #expect(try reference.unmount() == 0)

            let root = folder("root")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let local = try MountProcess(
                mountPoint: folder("local"),
                arguments: ["--folder", root.path, "--state", folder("state").path]
            )
            defer { local.cleanUp() }
            let linkPath = local.mountPoint.appendingPathComponent("link").path
            #expect(
                Self.errno { symlink("target", linkPath) } == ENOTSUP,
                "LocalFolderProvider stores no symbolic links"
            )
            #expect(try local.unmount() == 0)
        }

        /// The errno a failing call set, or 0 when it succeeded.
        static func errno(_ call: () -> Int32) -> Int32 {
            call() < 0 ? Glibc.errno : 0
        }
    }
}
