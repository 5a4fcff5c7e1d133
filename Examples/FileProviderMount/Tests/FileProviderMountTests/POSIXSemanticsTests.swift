import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension KernelMountTests {
    /// What programs rely on, through the kernel, with both providers: open flags, truncation,
    /// unlinked open files, names, space, permissions, and the cache folders of killed mounts.
    @Suite("POSIX semantics")
    struct POSIXSemanticsTests {
        /// The provider a test mounts.
        enum Subject: String, CaseIterable, CustomTestStringConvertible {
            case reference
            case folder

            var testDescription: String { rawValue }
        }

        /// A mount of `subject` in `folder`, and the directory LocalFolderProvider serves (`nil`
        /// for the reference provider).
        static func mount(
            _ subject: Subject,
            in folder: TemporaryFolder,
            extra: [String] = []
        ) throws -> (MountProcess, URL?) {
            let cache = folder("cache")
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            switch subject {
            case .reference:
                let mount = try MountProcess(
                    mountPoint: folder("mount"),
                    arguments: ["--cache-dir", cache.path, "--refresh-ms", "200"] + extra
                )
                return (mount, nil)
            case .folder:
                let root = folder("root")
                try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
                let mount = try MountProcess(
                    mountPoint: folder("mount"),
                    arguments: [
                        "--folder", root.path, "--state", folder("state").path, "--cache-dir", cache.path,
                        "--refresh-ms", "200",
                    ] + extra
                )
                return (mount, root)
            }
        }

        /// Runs a Python 3 program with the mount point as its working directory and returns
        /// what it printed; the test fails when it exits non-zero.
        static func python(_ program: String, in directory: URL) throws -> String {
            let outcome = try Shell.run([
                "python3", "-c", "import os, errno\nos.chdir(\(quoted(directory.path)))\n" + program,
            ])
            #expect(outcome.status == 0, "\(outcome.errors)")
            return outcome.output
        }

        static func quoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }

        @Test(
            "O_TRUNC empties the file, O_EXCL refuses an existing one, O_APPEND writes at the end",
            arguments: Subject.allCases
        )
        func openFlags(_ subject: Subject) throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let (mount, root) = try Self.mount(subject, in: folder)
            defer { mount.cleanUp() }
            let shell = try Shell.bash(
                """
                set -e
                cd '\(mount.mountPoint.path)'
                printf 'old-content\\n' > f
                printf 'new\\n' > f
                cat f
                printf 'a much longer file\\n' > long
                printf 'short\\n' > short
                cp short long
                cat long
                """
            )
            #expect(shell.status == 0, "\(shell.errors)")
            #expect(shell.output == "new\nshort\n")
            let output = try Self.python(
                """
                try:
                    os.open('f', os.O_WRONLY | os.O_CREAT | os.O_EXCL)
                    print('created')
                except OSError as error:
                    print(errno.errorcode[error.errno])
                fd = os.open('f', os.O_WRONLY | os.O_CREAT)
                os.close(fd)
                fd = os.open('f', os.O_WRONLY | os.O_APPEND)
                os.lseek(fd, 0, os.SEEK_SET)
                os.write(fd, b'appended\\n')
                os.close(fd)
                print(open('f').read(), end='')
                """,
                in: mount.mountPoint
            )
            #expect(output == "EEXIST\nnew\nappended\n")
            #expect(try mount.unmount() == 0)
            if let root {
                #expect(try String(contentsOf: root.appendingPathComponent("f"), encoding: .utf8) == "new\nappended\n")
                #expect(try String(contentsOf: root.appendingPathComponent("long"), encoding: .utf8) == "short\n")
            }
        }

        @Test(
            "a huge truncate is refused (EFBIG) and the mount keeps serving; sparse files stay sparse",
            arguments: Subject.allCases
        )
        func hugeTruncate(_ subject: Subject) throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let (mount, root) = try Self.mount(subject, in: folder)
            defer { mount.cleanUp() }
            let output = try Self.python(
                """
                with open('f', 'w') as file: file.write('kept\\n')
                try:
                    os.truncate('f', 999999999999999)
                    print('truncated')
                except OSError as error:
                    print(errno.errorcode[error.errno])
                print(os.stat('f').st_size, open('f').read(), end='')
                fd = os.open('sparse', os.O_WRONLY | os.O_CREAT)
                os.pwrite(fd, b'end', 100 * 1024 * 1024 - 3)
                os.close(fd)
                with open('sparse', 'rb') as file:
                    file.seek(50 * 1024 * 1024)
                    print(file.read(4) == bytes(4), os.stat('sparse').st_size)
                """,
                in: mount.mountPoint
            )
            #expect(output == "EFBIG\n5 kept\nTrue 104857600\n")
            #expect(try mount.unmount() == 0)
            if let root {
                var status = stat()
                #expect(stat(root.appendingPathComponent("sparse").path, &status) == 0)
                #expect(status.st_size == 100 * 1024 * 1024)
                #expect(status.st_blocks * 512 < 1024 * 1024, "the 100 MiB file holding 3 bytes is not sparse on disk")
            }
        }

        @Test("an open file that was unlinked stays readable and writable until closed", arguments: Subject.allCases)
        func unlinkedOpenFile(_ subject: Subject) throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let (mount, _) = try Self.mount(subject, in: folder)
            defer { mount.cleanUp() }
            let output = try Self.python(
                """
                import tempfile
                with tempfile.TemporaryFile(dir='.') as file:
                    file.write(b'scratch data')
                    file.flush()
                    file.seek(0)
                    print(file.read().decode(), os.fstat(file.fileno()).st_size)
                    file.truncate(7)
                    file.seek(0)
                    print(file.read().decode())
                print(os.listdir('.'))
                """,
                in: mount.mountPoint
            )
            #expect(output == "scratch data 12\nscratch\n[]\n")
            #expect(try mount.unmount() == 0)
        }

        @Test("names that are not UTF-8 are refused with EILSEQ; no file is lost", arguments: Subject.allCases)
        func nonUTF8Names(_ subject: Subject) throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let (mount, _) = try Self.mount(subject, in: folder)
            defer { mount.cleanUp() }
            let output = try Self.python(
                """
                with open('kept', 'w') as file: file.write('x')
                for name, call in [
                    (b'dup-\\xff', lambda n: os.close(os.open(n, os.O_WRONLY | os.O_CREAT))),
                    (b'dup-\\xfe', lambda n: os.mkdir(n)),
                    (b'dup-\\xfd', lambda n: os.rename(b'kept', n)),
                    (b'dup-\\xfc', lambda n: os.symlink(b'kept', n)),
                    (b'dup-\\xfb', lambda n: os.stat(n)),
                ]:
                    try:
                        call(name)
                        print('ok')
                    except OSError as error:
                        print(errno.errorcode[error.errno])
                print(sorted(os.listdir('.')))
                """,
                in: mount.mountPoint
            )
            #expect(output == "EILSEQ\nEILSEQ\nEILSEQ\nEILSEQ\nEILSEQ\n['kept']\n")
            #expect(try mount.unmount() == 0)
        }

        @Test("a 256-byte name is ENAMETOOLONG everywhere; FIFOs, device files and sockets are EPERM")
        func nameLengthsAndSpecialFiles() throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let (mount, _) = try Self.mount(.reference, in: folder)
            defer { mount.cleanUp() }
            let output = try Self.python(
                """
                import socket, stat
                long = 'n' * 256
                with open('kept', 'w') as file: file.write('x')
                calls = [
                    lambda: os.close(os.open(long, os.O_WRONLY | os.O_CREAT)),
                    lambda: os.mkdir(long),
                    lambda: os.rename('kept', long),
                    lambda: os.symlink('kept', long),
                    lambda: os.stat(long),
                    lambda: os.chmod(long, 0o644),
                    lambda: os.truncate(long, 0),
                    lambda: os.mkfifo('fifo'),
                    lambda: os.mknod('device', 0o600 | stat.S_IFCHR, os.makedev(1, 3)),
                    lambda: socket.socket(socket.AF_UNIX).bind('socket'),
                ]
                for call in calls:
                    try:
                        call()
                        print('ok')
                    except OSError as error:
                        print(errno.errorcode[error.errno])
                with open('n' * 255, 'w') as file: file.write('fits')
                print(sorted(len(name) for name in os.listdir('.')))
                """,
                in: mount.mountPoint
            )
            #expect(
                output == (Array(repeating: "ENAMETOOLONG", count: 7) + Array(repeating: "EPERM", count: 3)).joined(
                    separator: "\n"
                ) + "\n[4, 255]\n"
            )
            #expect(try mount.unmount() == 0)
        }

        @Test("past the quota, close fails with EDQUOT and the file shows what the provider stored")
        func quotaRefusal() throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let (mount, _) = try Self.mount(.reference, in: folder, extra: ["--quota", "10000"])
            defer { mount.cleanUp() }
            let output = try Self.python(
                """
                def attempt(call):
                    try:
                        call()
                        print('ok')
                    except OSError as error:
                        print(errno.errorcode[error.errno])
                # fsync reports the refusal (the writes are then dropped); close has nothing left.
                fd = os.open('big', os.O_WRONLY | os.O_CREAT)
                os.write(fd, b'x' * 30000)
                attempt(lambda: os.fsync(fd))
                attempt(lambda: os.close(fd))
                # Without fsync, close reports it.
                fd = os.open('other', os.O_WRONLY | os.O_CREAT)
                os.write(fd, b'x' * 30000)
                attempt(lambda: os.close(fd))
                print(os.stat('big').st_size, os.stat('other').st_size)
                with open('small', 'w') as file: file.write('fits')
                print(os.stat('small').st_size)
                """,
                in: mount.mountPoint
            )
            #expect(output == "EDQUOT\nok\nEDQUOT\n0 0\n4\n")
            #expect(try mount.unmount() == 0)
        }

        @Test("with --folder on a full disk, fsync and close fail with ENOSPC and no unstored size shows")
        func fullDisk() throws {
            try #require(getuid() == 0, "mounting a small tmpfs needs root")
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            // The state folder must be on the root's device: both go on a 1 MiB tmpfs.
            let disk = folder("disk")
            try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
            let mounted = try Shell.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", disk.path])
            try #require(mounted.status == 0, "\(mounted.errors)")
            defer { _ = try? Shell.run(["umount", "-l", disk.path]) }
            let root = disk.appendingPathComponent("root")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let mount = try MountProcess(
                mountPoint: folder("mount"),
                arguments: ["--folder", root.path, "--state", disk.appendingPathComponent("state").path]
            )
            defer { mount.cleanUp() }
            let output = try Self.python(
                """
                def attempt(call):
                    try:
                        call()
                        print('ok')
                    except OSError as error:
                        print(errno.errorcode[error.errno])
                fd = os.open('big', os.O_WRONLY | os.O_CREAT)
                os.write(fd, b'x' * (4 * 1024 * 1024))
                attempt(lambda: os.fsync(fd))
                attempt(lambda: os.close(fd))
                fd = os.open('other', os.O_WRONLY | os.O_CREAT)
                os.write(fd, b'x' * (4 * 1024 * 1024))
                attempt(lambda: os.close(fd))
                print(os.stat('big').st_size, os.stat('other').st_size)
                """,
                in: mount.mountPoint
            )
            #expect(output == "ENOSPC\nok\nENOSPC\n0 0\n")
            #expect(try mount.unmount() == 0)
        }

        @Test("a remote edit made while the file is open for writing is kept beside the local one")
        func remoteEditWhileOpenForWriting() async throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let (mount, served) = try Self.mount(.folder, in: folder)
            defer { mount.cleanUp() }
            let root = try #require(served)
            let path = mount.mountPoint.appendingPathComponent("shared.txt").path
            #expect(FileManager.default.createFile(atPath: path, contents: Data("original\n".utf8)))
            let descriptor = open(path, O_WRONLY)
            try #require(descriptor >= 0)
            try Data("theirs\n".utf8).write(to: root.appendingPathComponent("shared.txt"))
            try Data().write(to: root.appendingPathComponent("marker"))
            let seen = mount.mountPoint.appendingPathComponent("marker").path
            #expect(try await eventually({ FileManager.default.fileExists(atPath: seen) }, equals: true))
            let mine = Array("mine, longer\n".utf8)
            #expect(pwrite(descriptor, mine, mine.count, 0) == mine.count)
            #expect(close(descriptor) == 0)
            let contents = { () -> Set<String>? in
                Set(
                    ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).compactMap {
                        try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
                    }
                )
            }
            #expect(try await eventually(contents, equals: ["", "theirs\n", "mine, longer\n"]))
            #expect(try mount.unmount() == 0)
        }

        @Test("with --folder, chmod sets the file's mode on disk, and a chmod made on disk shows")
        func chmodWithFolder() async throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let (mount, served) = try Self.mount(.folder, in: folder)
            defer { mount.cleanUp() }
            let root = try #require(served)
            let script = try Shell.bash(
                """
                set -e
                cd '\(mount.mountPoint.path)'
                printf '#!/bin/sh\\necho ran\\n' > s.sh
                chmod 755 s.sh
                ./s.sh
                stat -c %a s.sh '\(root.path)/s.sh'
                """
            )
            #expect(script.status == 0, "\(script.errors)")
            #expect(script.output == "ran\n755\n755\n")
            #expect(chmod(root.appendingPathComponent("s.sh").path, 0o444) == 0)
            let mode = { () -> mode_t? in
                var status = stat()
                guard stat(mount.mountPoint.appendingPathComponent("s.sh").path, &status) == 0 else { return nil }
                return status.st_mode & 0o777
            }
            #expect(try await eventually(mode, equals: 0o444))
            #expect(try mount.unmount() == 0)
        }

        @Test("the cache folders of killed mounts are reclaimed by the next start, never a live mount's")
        func killedMountsAreReclaimed() throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let cache = folder("cache")
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            let arguments = ["--cache-dir", cache.path]
            let live = try MountProcess(mountPoint: folder("live"), arguments: arguments)
            defer { live.cleanUp() }
            #expect(
                FileManager.default.createFile(
                    atPath: live.mountPoint.appendingPathComponent("f").path,
                    contents: Data("live".utf8)
                )
            )
            let listing = { () -> Set<String> in
                Set((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? [])
            }
            let liveFolders = listing()
            #expect(liveFolders.count == 2, "the store's folder and the mount's: \(liveFolders)")
            var abandoned: Set<String> = []
            for _ in 0..<2 {
                let killed = try MountProcess(mountPoint: folder("killed"), arguments: arguments)
                #expect(
                    FileManager.default.createFile(
                        atPath: killed.mountPoint.appendingPathComponent("f").path,
                        contents: Data("x".utf8)
                    )
                )
                killed.send(SIGKILL)
                _ = try killed.waitForExit(seconds: 30)
                killed.cleanUp()
                // Each start reclaims what the last killed one left.
                abandoned = listing().subtracting(liveFolders)
                #expect(abandoned.count == 2, "\(listing())")
            }
            let next = try MountProcess(mountPoint: folder("next"), arguments: arguments)
            defer { next.cleanUp() }
            let after = listing()
            #expect(after.isSuperset(of: liveFolders))
            #expect(after.isDisjoint(with: abandoned))
            #expect(after.count == 4, "\(after)")
            #expect(try String(contentsOf: live.mountPoint.appendingPathComponent("f"), encoding: .utf8) == "live")
            #expect(try next.unmount() == 0)
            #expect(try live.unmount() == 0)
            #expect(listing().isEmpty)
        }
    }
}
