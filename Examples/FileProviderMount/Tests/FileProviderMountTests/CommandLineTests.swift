import ChildProcess
import Foundation
import Testing

/// The command's argument parsing (swift-argument-parser): help, and clear errors for bad input.
@Suite("fileprovider-mount command line")
struct CommandLineTests {
    private func run(_ arguments: [String]) throws -> Shell.Outcome {
        let command = try #require(
            ChildProcess.builtExecutable(named: "fileprovider-mount"),
            "fileprovider-mount was not built"
        )
        return try Shell.run([command] + arguments, seconds: 30)
    }

    @Test("--help lists every option and exits 0")
    func help() throws {
        let outcome = try run(["--help"])
        #expect(outcome.status == 0)
        for option in [
            "<mount-point>", "--seed <count>", "--seed-folder-size <n>", "--seed-file-size <bytes>",
            "--folder <directory>",
            "--state <directory>", "--export-to <directory>", "--refresh-ms <ms>",
            "--cache-timeout <seconds>", "--cache-dir <directory>", "-o <options>",
        ] {
            #expect(outcome.output.contains(option), "\(option) missing from the help")
        }
    }

    @Test(
        "Bad input exits 64 (EX_USAGE) with an error naming the problem, before mounting",
        arguments: [
            ([String](), "Missing expected argument '<mount-point>'"),
            (["/nonexistent-mount", "--bogus"], "Unknown option '--bogus'"),
            (["/nonexistent-mount", "--refresh-ms", "abc"], "The value 'abc' is invalid for '--refresh-ms <ms>'"),
            (["/nonexistent-mount", "--refresh-ms", "0"], "--refresh-ms must be 1 or more, not 0."),
            (["/nonexistent-mount", "--seed-folder-size", "0"], "--seed-folder-size must be 1 or more, not 0."),
            (["/nonexistent-mount", "--seed=-3"], "--seed must be 0 or more, not -3."),
            (
                ["/nonexistent-mount", "--cache-timeout=-1"],
                "--cache-timeout must be a number of seconds, 0 or more, not -1.0."
            ),
            (
                ["/nonexistent-mount", "--folder", "/tmp", "--seed", "5"],
                "--seed applies to the reference provider only"
            ),
            (["/a", "/b"], "Unexpected argument '/b'"),
        ]
    )
    func badInput(arguments: [String], message: String) throws {
        let outcome = try run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.errors.contains(message), "stderr was: \(outcome.errors)")
        #expect(!outcome.output.contains("mounted"))
    }
}
