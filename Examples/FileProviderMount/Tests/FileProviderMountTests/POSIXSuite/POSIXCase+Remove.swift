extension POSIXCase {
    /// unlink(2) and rmdir(2), of open and busy objects too.
    static let removeCases: [POSIXCase] = [
        POSIXCase(
            "unlink",
            "an unlinked open file stays readable and writable until its last close",
            """
            put("f", b"before")
            fd = os.open("f", os.O_RDWR)
            os.unlink("f")
            say(e(os.stat, "f"), os.listdir("."))
            os.pwrite(fd, b" and after", 6)
            say(os.pread(fd, 100, 0), os.fstat(fd).st_size)
            os.close(fd)
            say(os.listdir("."))
            """,
            expect: ["ENOENT []", "b'before and after' 16", "[]"]
        ),
        POSIXCase(
            "unlink",
            "a new file can take the name of an unlinked open file; each keeps its own content",
            """
            put("f", b"old")
            fd = os.open("f", os.O_RDONLY)
            os.unlink("f")
            put("f", b"new")
            say(os.read(fd, 10), get("f"))
            os.close(fd)
            say(get("f"), os.listdir("."))
            """,
            expect: ["b'old' b'new'", "b'new' ['f']"]
        ),
        POSIXCase(
            "unlink",
            "unlink fails with EISDIR for a folder, ENOENT for a missing name, ENOTDIR through a file",
            """
            os.mkdir("d")
            put("f", b"1")
            say(e(os.unlink, "d"))
            say(e(os.unlink, "missing"))
            say(e(os.unlink, "f/x"))
            say(sorted(os.listdir(".")))
            """,
            expect: ["EISDIR", "ENOENT", "ENOTDIR", "['d', 'f']"]
        ),
        POSIXCase(
            "rmdir",
            "rmdir refuses a non-empty folder (ENOTEMPTY), a file (ENOTDIR), '.' (EINVAL) and a missing one (ENOENT)",
            """
            os.makedirs("d/e")
            put("f", b"1")
            say(e(os.rmdir, "d"))
            say(e(os.rmdir, "f"))
            say(e(os.rmdir, "d/e/."))
            say(e(os.rmdir, "missing"))
            say(e(os.rmdir, "d/e"), e(os.rmdir, "d"), os.listdir("."))
            """,
            expect: ["ENOTEMPTY", "ENOTDIR", "EINVAL", "ENOENT", "ok ok ['f']"]
        ),
        POSIXCase(
            "rmdir",
            "a folder that is open, or another process's working directory, can be removed",
            """
            os.mkdir("open")
            os.mkdir("cwd")
            fd = os.open("open", os.O_RDONLY | os.O_DIRECTORY)
            say(e(os.rmdir, "open"))
            os.close(fd)
            import subprocess
            child = subprocess.Popen(["sleep", "5"], cwd="cwd")
            say(e(os.rmdir, "cwd"), os.listdir("."))
            child.kill()
            child.wait()
            """,
            expect: ["ok", "ok []"]
        ),
        POSIXCase(
            "rmdir",
            "rm -r of a tree holding an open file",
            """
            os.makedirs("t/a/b")
            put("t/a/b/f", b"open")
            put("t/g", b"1")
            fd = os.open("t/a/b/f", os.O_RDONLY)
            say(os.system("rm -r t"), os.listdir("."), os.read(fd, 10))
            os.close(fd)
            """,
            expect: ["0 [] b'open'"]
        ),
    ]
}
