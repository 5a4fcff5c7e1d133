import Foundation

/// Runs the POSIX suite's cases in one Python 3 process: each case in a folder of its own, below
/// the folder given, and returns what each printed.
enum POSIXSuiteRunner {
    static let preamble = #"""
        import errno, json, os, stat, sys
        os.umask(0o022)
        out = []
        def say(*values):
            out.append(" ".join(str(value) for value in values))
        def e(call, *arguments):
            try:
                call(*arguments)
                return "ok"
            except OSError as error:
                return errno.errorcode.get(error.errno, str(error.errno))
        def put(name, data):
            with open(name, "wb") as file:
                file.write(data)
        def get(name):
            with open(name, "rb") as file:
                return file.read()
        def mode(name):
            return oct(stat.S_IMODE(os.lstat(name).st_mode))
        cases = {}

        """#

    static let runner = #"""

        results = {}
        for index, (name, case) in enumerate(cases.items()):
            folder = os.path.join(sys.argv[1], f"case-{index}")
            os.mkdir(folder)
            os.chdir(folder)
            out = []
            try:
                case()
            except Exception as error:
                out.append(f"raised {type(error).__name__}: {error}")
            results[name] = out
            os.chdir(sys.argv[1])
        print(json.dumps(results))
        """#

    /// The program for `cases`: the preamble, one function per case, and the loop that runs them.
    static func program(_ cases: [POSIXCase]) -> String {
        var program = preamble
        for (index, testCase) in cases.enumerated() {
            let body = testCase.body.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "    " + $0 }.joined(separator: "\n")
            program +=
                "def case_\(index)():\n\(body)\n    pass\ncases[\(quoted(testCase.description))] = case_\(index)\n"
        }
        return program + runner
    }

    /// What each case printed, by ``POSIXCase/description``, running them below `folder`.
    static func run(_ cases: [POSIXCase], in folder: URL) throws -> [String: [String]] {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent(
            "posix-suite-\(UUID().uuidString).py"
        )
        try program(cases).write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let outcome = try Shell.run(["python3", script.path, folder.path], seconds: 300)
        guard outcome.status == 0, let data = outcome.output.data(using: .utf8) else {
            throw MountProcess.Failure(description: "the suite's program failed: \(outcome.errors)")
        }
        return try JSONDecoder().decode([String: [String]].self, from: data)
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
