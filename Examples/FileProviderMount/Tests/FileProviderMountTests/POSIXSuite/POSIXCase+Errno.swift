extension POSIXCase {
    /// The errno each call gives where the mount guide's table says, checked on the same calls in
    /// a plain directory.
    static let errnoTableCases: [POSIXCase] = [
        POSIXCase(
            "errno",
            "mkdir: EEXIST over a file or folder, ENOENT below a missing folder, ENOTDIR below a file",
            """
            os.mkdir("d")
            put("f", b"1")
            say(e(os.mkdir, "d"), e(os.mkdir, "f"), e(os.mkdir, "missing/d"), e(os.mkdir, "f/d"))
            """,
            expect: ["EEXIST EEXIST ENOENT ENOTDIR"]
        ),
        POSIXCase(
            "errno",
            "stat, chmod, utime and readdir: ENOENT and ENOTDIR",
            """
            put("f", b"1")
            say(e(os.stat, "missing"), e(os.chmod, "missing", 0o644), e(os.utime, "missing"))
            say(e(os.stat, "f/x"), e(os.listdir, "f"), e(os.listdir, "missing"))
            """,
            expect: ["ENOENT ENOENT ENOENT", "ENOTDIR ENOTDIR ENOENT"]
        ),
        POSIXCase(
            "errno",
            "utime sets the modification time exactly; chmod of 0644, 0755, 0444 and 0555 round-trips",
            """
            put("f", b"1")
            os.utime("f", (1_000_000_000, 1_234_567_890))
            say(os.stat("f").st_mtime)
            for bits in [0o755, 0o444, 0o555, 0o644]:
                os.chmod("f", bits)
                say(mode("f"))
            """,
            expect: ["1234567890.0", "0o755", "0o444", "0o555", "0o644"]
        ),
    ]

    /// What the mount guide documents as unsupported: each gives the documented errno, where a
    /// plain directory succeeds.
    static let unsupportedCases: [POSIXCase] = [
        POSIXCase(
            "unsupported",
            "hard links are EPERM",
            """
            put("f", b"1")
            say(e(os.link, "f", "g"), sorted(os.listdir(".")))
            """,
            expect: ["EPERM ['f']"],
            plainDirectory: ["ok ['f', 'g']"]
        ),
        POSIXCase(
            "unsupported",
            "FIFOs, device files and Unix sockets are EPERM",
            """
            import socket
            say(e(os.mkfifo, "fifo"), e(os.mknod, "node", 0o644 | stat.S_IFCHR, os.makedev(1, 3)))
            server = socket.socket(socket.AF_UNIX)
            say(e(server.bind, "socket"))
            server.close()
            """,
            expect: ["EPERM EPERM", "EPERM"],
            plainDirectory: ["ok ok", "ok"]
        ),
        POSIXCase(
            "unsupported",
            "names that are not UTF-8 are EILSEQ",
            """
            say(e(os.open, b"bad-\\xff", os.O_WRONLY | os.O_CREAT), e(os.mkdir, b"bad-\\xfe"), sorted(os.listdir(".")))
            """,
            expect: ["EILSEQ EILSEQ []"],
            plainDirectory: ["ok ok ['bad-\\udcfe', 'bad-\\udcff']"]
        ),
    ]
}
