extension POSIXCase {
    /// rename(2): over files and folders, into its own subtree, to the same name, of open files.
    static let renameCases: [POSIXCase] = [
        POSIXCase(
            "rename",
            "a file renamed over an existing file replaces it; the old name is gone",
            """
            put("a", b"from a")
            put("b", b"was b, longer")
            os.rename("a", "b")
            say(get("b"), sorted(os.listdir(".")))
            """,
            expect: ["b'from a' ['b']"]
        ),
        POSIXCase(
            "rename",
            "a rename to the same name, or to another name of the same file, changes nothing",
            """
            put("a", b"kept")
            os.rename("a", "a")
            os.mkdir("d")
            os.rename("d", "d")
            say(get("a"), sorted(os.listdir(".")))
            """,
            expect: ["b'kept' ['a', 'd']"]
        ),
        POSIXCase(
            "rename",
            "folders: over an empty folder succeeds, over a non-empty one is ENOTEMPTY, file and folder do not replace each other",
            """
            os.mkdir("a")
            put("a/inside", b"1")
            os.mkdir("empty")
            os.mkdir("full")
            put("full/x", b"2")
            put("f", b"3")
            say(e(os.rename, "a", "full"))
            say(e(os.rename, "a", "f"))
            say(e(os.rename, "f", "empty"))
            say(e(os.rename, "a", "empty"))
            say(sorted(os.listdir(".")), sorted(os.listdir("empty")), get("full/x"))
            """,
            expect: ["ENOTEMPTY", "ENOTDIR", "EISDIR", "ok", "['empty', 'f', 'full'] ['inside'] b'2'"]
        ),
        POSIXCase(
            "rename",
            "a folder cannot move into itself or below (EINVAL); a missing source or target folder is ENOENT",
            """
            os.makedirs("a/b")
            say(e(os.rename, "a", "a/b/c"))
            say(e(os.rename, "a", "a/c"))
            say(e(os.rename, "missing", "x"))
            put("f", b"1")
            say(e(os.rename, "f", "missing/f"))
            say(e(os.rename, "f", "f/g"))
            say(sorted(os.listdir(".")), os.listdir("a"))
            """,
            expect: ["EINVAL", "EINVAL", "ENOENT", "ENOENT", "ENOTDIR", "['a', 'f'] ['b']"]
        ),
        POSIXCase(
            "rename",
            "a file moved across folders keeps its content; an open descriptor keeps working after the rename",
            """
            os.mkdir("x")
            os.mkdir("y")
            put("x/f", b"content")
            fd = os.open("x/f", os.O_RDWR)
            os.rename("x/f", "y/g")
            os.pwrite(fd, b"C", 0)
            os.close(fd)
            say(os.listdir("x"), os.listdir("y"), get("y/g"))
            """,
            expect: ["[] ['g'] b'Content'"]
        ),
        POSIXCase(
            "rename",
            "a folder moved with what it holds, then renamed back",
            """
            os.makedirs("a/b/c")
            put("a/b/c/f", b"deep")
            os.mkdir("z")
            os.rename("a/b", "z/b2")
            say(get("z/b2/c/f"), os.listdir("a"))
            os.rename("z/b2", "a/b")
            say(get("a/b/c/f"), os.listdir("z"))
            """,
            expect: ["b'deep' []", "b'deep' []"]
        ),
    ]
}
