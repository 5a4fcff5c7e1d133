extension POSIXCase {
    /// truncate(2) and ftruncate(2): shrinking, growing, huge sizes, sparse files.
    static let truncateCases: [POSIXCase] = [
        POSIXCase(
            "truncate",
            "truncate shrinks and grows with zeros",
            """
            put("f", b"0123456789")
            os.truncate("f", 4)
            say(get("f"))
            os.truncate("f", 8)
            say(get("f"), os.stat("f").st_size)
            os.truncate("f", 0)
            say(get("f"), os.stat("f").st_size)
            """,
            expect: ["b'0123'", "b'0123\\x00\\x00\\x00\\x00' 8", "b'' 0"]
        ),
        POSIXCase(
            "truncate",
            "ftruncate on an open descriptor, then writes at the old offset leave a hole",
            """
            fd = os.open("f", os.O_RDWR | os.O_CREAT, 0o644)
            os.write(fd, b"0123456789")
            os.ftruncate(fd, 3)
            say(os.fstat(fd).st_size)
            os.write(fd, b"X")
            os.close(fd)
            say(get("f"))
            """,
            expect: ["3", "b'012\\x00\\x00\\x00\\x00\\x00\\x00\\x00X'"]
        ),
        POSIXCase(
            "truncate",
            "truncate fails with EINVAL for a negative size, EISDIR for a folder, ENOENT, and EINVAL/EBADF on a read-only descriptor",
            """
            put("f", b"kept")
            os.mkdir("d")
            say(e(os.truncate, "f", -1))
            say(e(os.truncate, "d", 0))
            say(e(os.truncate, "missing", 0))
            fd = os.open("f", os.O_RDONLY)
            say(e(os.ftruncate, fd, 0))
            os.close(fd)
            say(get("f"))
            """,
            expect: ["EINVAL", "EISDIR", "ENOENT", "EINVAL", "b'kept'"]
        ),
        POSIXCase(
            "truncate",
            "a huge truncate fails with EFBIG and the file keeps its content",
            """
            put("f", b"kept")
            say(e(os.truncate, "f", 999999999999999))
            say(get("f"), os.stat("f").st_size)
            """,
            expect: ["EFBIG", "b'kept' 4"]
        ),
        POSIXCase(
            "truncate",
            "a sparse file: a write 64 MiB in, and a truncate to 64 MiB, read as zeros up to the data",
            """
            fd = os.open("s", os.O_WRONLY | os.O_CREAT, 0o644)
            os.pwrite(fd, b"end", 64 * 1024 * 1024)
            os.close(fd)
            os.close(os.open("t", os.O_WRONLY | os.O_CREAT, 0o644))
            os.truncate("t", 64 * 1024 * 1024)
            with open("s", "rb") as file:
                file.seek(32 * 1024 * 1024)
                say(file.read(8) == bytes(8), os.stat("s").st_size)
                file.seek(64 * 1024 * 1024 - 2)
                say(file.read(8))
            say(os.stat("t").st_size, get("t") == bytes(64 * 1024 * 1024))
            """,
            expect: ["True 67108867", "b'\\x00\\x00end'", "67108864 True"]
        ),
    ]
}
