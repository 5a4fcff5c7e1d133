extension POSIXCase {
    /// Name lengths: 255 bytes is the limit of every call that takes a name, 256 is ENAMETOOLONG.
    static let nameCases: [POSIXCase] = [
        POSIXCase(
            "names",
            "a 255-byte name works with every call (ASCII and 2-byte characters)",
            """
            for name in ["n" * 255, "é" * 127 + "x"]:
                put(name, b"1")
                say(len(name.encode()), e(os.stat, name), e(os.chmod, name, 0o755), e(os.truncate, name, 0))
                say(e(os.rename, name, "tmp"), e(os.rename, "tmp", name), name in os.listdir("."))
                say(e(os.mkdir, "d" + name[1:]), e(os.rmdir, "d" + name[1:]), e(os.unlink, name))
            """,
            expect: ["255 ok ok ok", "ok ok True", "ok ok ok", "255 ok ok ok", "ok ok True", "ok ok ok"]
        ),
        POSIXCase(
            "names",
            "a 256-byte name is ENAMETOOLONG for create, mkdir, rename, stat, chmod, truncate, unlink, rmdir, open",
            """
            long = "n" * 256
            put("f", b"1")
            say(e(os.open, long, os.O_WRONLY | os.O_CREAT), e(os.mkdir, long), e(os.rename, "f", long))
            say(e(os.stat, long), e(os.chmod, long, 0o644), e(os.truncate, long, 0))
            say(e(os.unlink, long), e(os.rmdir, long), e(os.open, long, os.O_RDONLY))
            say(e(os.open, "é" * 128, os.O_WRONLY | os.O_CREAT), os.listdir("."))
            """,
            expect: [
                "ENAMETOOLONG ENAMETOOLONG ENAMETOOLONG",
                "ENAMETOOLONG ENAMETOOLONG ENAMETOOLONG",
                "ENAMETOOLONG ENAMETOOLONG ENAMETOOLONG",
                "ENAMETOOLONG ['f']",
            ]
        ),
        POSIXCase(
            "names",
            "names with spaces, leading dots, newlines and non-ASCII letters round-trip",
            """
            names = ["with space", ".hidden", "line\\nbreak", "ünïcødé 日本", "-dash", "#hash"]
            for name in names:
                put(name, name.encode())
            say(sorted(os.listdir(".")) == sorted(names), all(get(name) == name.encode() for name in names))
            """,
            expect: ["True True"]
        ),
    ]
}
