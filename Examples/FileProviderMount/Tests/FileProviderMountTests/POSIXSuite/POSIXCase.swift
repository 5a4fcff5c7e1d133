/// One case of the POSIX suite: a Python 3 function body run in a fresh, empty folder — in a plain
/// directory and in each mount — and what it must print there.
///
/// The body calls `say(…)` to print a line, `e(call, …)` to get `ok` or the errno's name
/// (`ENOENT` …), `put(name, bytes)` to write a file as programs do (`open(…, "w")`, which
/// truncates) and `get(name)` to read one. The umask is 022.
struct POSIXCase: Sendable, CustomStringConvertible {
    /// The group the case belongs to, as established suites group theirs: by system call.
    let group: String
    let name: String
    let body: String
    /// What a mount prints, line by line.
    let expected: [String]
    /// What a plain directory prints when it differs from a mount: only for the classes the
    /// mount guide documents as unsupported (hard links, special files, names that are not UTF-8).
    let plainDirectory: [String]?

    init(_ group: String, _ name: String, _ body: String, expect expected: [String], plainDirectory: [String]? = nil) {
        self.group = group
        self.name = name
        self.body = body
        self.expected = expected
        self.plainDirectory = plainDirectory
    }

    var description: String { "\(group): \(name)" }

    /// Every case, by group.
    static let all: [POSIXCase] =
        openCases + truncateCases + renameCases + removeCases + nameCases + errnoTableCases + unsupportedCases
}
