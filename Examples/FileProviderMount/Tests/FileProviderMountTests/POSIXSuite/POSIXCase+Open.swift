extension POSIXCase {
    /// open(2): O_CREAT, O_EXCL, O_TRUNC, O_APPEND, O_DIRECTORY and the access modes.
    static let openCases: [POSIXCase] = [
        POSIXCase(
            "open",
            "O_TRUNC empties a longer file before the new content is written",
            """
            put("f", b"old-content, quite long\\n")
            fd = os.open("f", os.O_WRONLY | os.O_TRUNC)
            os.write(fd, b"new\\n")
            os.close(fd)
            say(get("f"), os.stat("f").st_size)
            put("f", b"x")
            say(get("f"))
            """,
            expect: ["b'new\\n' 4", "b'x'"]
        ),
        POSIXCase(
            "open",
            "O_CREAT|O_EXCL refuses an existing file, folder or symbolic link with EEXIST",
            """
            put("f", b"kept")
            os.mkdir("d")
            say(e(os.open, "f", os.O_WRONLY | os.O_CREAT | os.O_EXCL))
            say(e(os.open, "d", os.O_WRONLY | os.O_CREAT | os.O_EXCL))
            say(get("f"))
            say(e(os.open, "new", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644), get("new"))
            """,
            expect: ["EEXIST", "EEXIST", "b'kept'", "ok b''"]
        ),
        POSIXCase(
            "open",
            "O_CREAT without O_EXCL opens an existing file and keeps its content; new files take the mode",
            """
            put("f", b"kept")
            fd = os.open("f", os.O_RDWR | os.O_CREAT, 0o755)
            say(os.read(fd, 10), mode("f"))
            os.close(fd)
            os.close(os.open("x", os.O_WRONLY | os.O_CREAT, 0o755))
            os.close(os.open("r", os.O_WRONLY | os.O_CREAT, 0o644))
            say(mode("x"), mode("r"))
            """,
            expect: ["b'kept' 0o644", "0o755 0o644"]
        ),
        POSIXCase(
            "open",
            "O_APPEND writes at the end whatever the offset, from two descriptors in turn",
            """
            put("f", b"start\\n")
            a = os.open("f", os.O_WRONLY | os.O_APPEND)
            b = os.open("f", os.O_WRONLY | os.O_APPEND)
            os.lseek(a, 0, os.SEEK_SET)
            os.write(a, b"a1\\n")
            os.write(b, b"b1\\n")
            os.write(a, b"a2\\n")
            os.close(a)
            os.close(b)
            say(get("f"))
            """,
            expect: ["b'start\\na1\\nb1\\na2\\n'"]
        ),
        POSIXCase(
            "open",
            "O_RDWR reads back its own writes at any offset; a write past the end leaves zeros",
            """
            fd = os.open("f", os.O_RDWR | os.O_CREAT, 0o644)
            os.write(fd, b"0123456789")
            os.pwrite(fd, b"AB", 4)
            os.pwrite(fd, b"Z", 12)
            say(os.pread(fd, 20, 0), os.fstat(fd).st_size)
            os.close(fd)
            say(get("f"))
            """,
            expect: ["b'0123AB6789\\x00\\x00Z' 13", "b'0123AB6789\\x00\\x00Z'"]
        ),
        POSIXCase(
            "open",
            "open fails with ENOENT, ENOTDIR and EISDIR where it must",
            """
            put("f", b"x")
            os.mkdir("d")
            say(e(os.open, "missing", os.O_RDONLY))
            say(e(os.open, "missing/new", os.O_WRONLY | os.O_CREAT))
            say(e(os.open, "f/new", os.O_WRONLY | os.O_CREAT))
            say(e(os.open, "f", os.O_RDONLY | os.O_DIRECTORY))
            say(e(os.open, "d", os.O_WRONLY))
            say(e(os.open, "d", os.O_RDWR))
            say(e(os.open, "d", os.O_RDONLY))
            """,
            expect: ["ENOENT", "ENOENT", "ENOTDIR", "ENOTDIR", "EISDIR", "EISDIR", "ok"]
        ),
        POSIXCase(
            "open",
            "programs overwriting files: shell redirection, cp over a longer file, save by rename",
            """
            put("long", b"a much longer file\\n")
            put("short", b"short\\n")
            os.system("cp short long")
            say(get("long"))
            os.system("printf 'old-content\\\\n' > g; printf 'new\\\\n' > g")
            say(get("g"))
            put(".f.swp", b"saved\\n")
            put("f", b"original, longer\\n")
            os.rename(".f.swp", "f")
            say(get("f"), sorted(os.listdir(".")))
            """,
            expect: ["b'short\\n'", "b'new\\n'", "b'saved\\n' ['f', 'g', 'long', 'short']"]
        ),
    ]
}
