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
            "--cache-timeout <seconds>", "--cache-dir <directory>", "-o <options>", "--fruitbasket <url>",
            "--account-file <path>",
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
            (
                [
                    "/nonexistent-mount", "--fruitbasket", "http://127.0.0.1:9", "--account-file",
                    "/nonexistent-account",
                ],
                "The account file /nonexistent-account cannot be read."
            ),
            (["/nonexistent-mount", "--account-file", "/etc/hostname"], "go with --fruitbasket only"),
        ]
    )
    func badInput(arguments: [String], message: String) throws {
        let outcome = try run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.errors.contains(message), "stderr was: \(outcome.errors)")
        #expect(!outcome.output.contains("mounted"))
    }

    @Test(
        "The FruitBasket account comes from a file or FRUITBASKET_ACCOUNT; none is refused, a bad one is named, not quoted"
    )
    func accountSources() throws {
        let command = try #require(ChildProcess.builtExecutable(named: "fileprovider-mount"))
        let unset = ["/usr/bin/env", "-u", "FRUITBASKET_ACCOUNT", command, "/nonexistent-mount"]
        let missing = try Shell.run(unset + ["--fruitbasket", "http://127.0.0.1:9"], seconds: 30)
        #expect(missing.status == 64)
        #expect(missing.errors.contains("--fruitbasket needs an account: --account-file PATH"), "\(missing.errors)")

        let malformed = try Shell.run(
            ["/usr/bin/env", "FRUITBASKET_ACCOUNT=no-colon-secret", command, "/nonexistent-mount"]
                + ["--fruitbasket", "http://127.0.0.1:9"],
            seconds: 30
        )
        #expect(malformed.status == 64)
        #expect(malformed.errors.contains("FRUITBASKET_ACCOUNT is not NAME:SECRET."), "\(malformed.errors)")
        #expect(!malformed.errors.contains("no-colon-secret"))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("account-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("account")
        try Data("fruit\n".utf8).write(to: file)
        let badFile = try Shell.run(unset + ["--fruitbasket", "http://127.0.0.1:9", "--account-file", file.path])
        #expect(badFile.status == 64)
        #expect(badFile.errors.contains("The account file \(file.path) is not NAME:SECRET."), "\(badFile.errors)")
    }

    @Test("--account still works but warns that ps shows its secret")
    func accountFlagWarns() throws {
        let outcome = try run(
            ["/nonexistent-mount", "--fruitbasket", "http://127.0.0.1:9", "--account", "fruit:basket", "--seed", "5"]
        )
        #expect(outcome.status == 64)
        #expect(outcome.errors.contains("warning: --account puts the secret on the command line"), "\(outcome.errors)")
        #expect(outcome.errors.contains("--fruitbasket mounts a server; it does not go with --folder or --seed."))
    }
}
