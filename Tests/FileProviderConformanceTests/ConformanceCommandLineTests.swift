import FileProviderKit
import Foundation
import Testing

@testable import FileProviderConformance

/// The command line: options in both forms, selections, listings, report paths checked before the
/// run, reasons for checks that did not run, and counts in words.
@Suite("The command line")
struct ConformanceCommandLineTests {
    /// What a run printed and the code it exited with.
    struct Run {
        var code: Int32
        var lines: [String]
        var errors: [String]

        var text: String { lines.joined(separator: "\n") }
    }

    static func run(
        _ arguments: [String],
        subject: ConformanceSubject = .referenceProvider(),
        commandName: String = "fileprovider-conformance"
    ) async -> Run {
        let printed = LockedValue<[String]>([])
        let errors = LockedValue<[String]>([])
        let output = CommandOutput(
            print: { text in
                printed.withLock {
                    $0 += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                }
            },
            error: { text in errors.withLock { $0.append(text) } }
        )
        let code = await ConformanceCommandLine.run(
            subject,
            arguments: arguments,
            commandName: commandName,
            output: output
        )
        return Run(code: code, lines: printed.withLock { $0 }, errors: errors.withLock { $0 })
    }

    @Test func helpNamesTheCommandAndTheSubject() async {
        let help = await Self.run(["--help"], commandName: "my-conformance")
        #expect(help.code == 0)
        #expect(help.lines.first == "USAGE: my-conformance [options]")
        #expect(help.text.contains("against InMemoryFileProvider"))
        let wrong = await Self.run(["--tier", "huge"])
        #expect(wrong.code == 2 && wrong.lines.isEmpty)
        #expect(wrong.errors.first?.hasPrefix("error: There is no tier \"huge\"") == true)
    }

    @Test func optionsTakeTheirValueAfterASpaceOrAnEqualsSign() throws {
        #expect(try CommandLineOptions(["--seed=42"]).seed == 42)
        #expect(try CommandLineOptions(["--seed", "42"]).seed == 42)
        #expect(try CommandLineOptions(["--tier=smoke", "--check=enum-02", "--area=CHG"]).tier == .smoke)
        #expect(try CommandLineOptions(["--check=enum-02"]).checkIDs == ["ENUM-02"])
        #expect(throws: CommandLineOptions.UsageError.self) { try CommandLineOptions(["--seed="]) }
        #expect(throws: CommandLineOptions.UsageError.self) { try CommandLineOptions(["--seed=-1"]) }
        #expect(throws: CommandLineOptions.UsageError.self) { try CommandLineOptions(["--list=yes"]) }
        #expect(throws: CommandLineOptions.UsageError.self) { try CommandLineOptions(["--steps"]) }
        #expect(try CommandLineOptions(["--check-interval", "1"]).checkInterval == 1)
        #expect(try CommandLineOptions([]).checkInterval == nil)
        #expect(throws: CommandLineOptions.UsageError.self) { try CommandLineOptions(["--check-interval=0"]) }
        #expect(throws: CommandLineOptions.UsageError.self) { try CommandLineOptions(["--check-interval", "x"]) }
    }

    @Test func aCheckIntervalOfOneRunsARandomizedCheck() async {
        let run = await Self.run(["--check", "MODEL-01", "--steps", "30", "--seed", "7", "--check-interval", "1"])
        #expect(run.code == 0)
        #expect(run.lines.last == "1 passed, 0 failed")
    }

    @Test func checksAndAreasCombine() throws {
        let selected = try CommandLineOptions(["--area", "TRASH", "--check", "ENUM-02"]).selectedChecks().map(\.id)
        let trash = Conformance.checks(for: .standard).filter { $0.area == .trash }.map(\.id)
        #expect(selected == ["ENUM-02"] + trash)
        #expect(
            try CommandLineOptions(["--check", "MODEL-01", "--tier", "smoke"]).selectedChecks().map(\.id) == [
                "MODEL-01"
            ]
        )
    }

    @Test func theListHonoursTheSelectionAndCountsInWords() async {
        let one = await Self.run(["--list", "--check", "ENUM-02"])
        #expect(one.code == 0)
        #expect(one.lines.count == 2 && one.lines.first?.hasPrefix("ENUM-02 ") == true)
        #expect(one.lines.last == "1 check")

        let trash = await Self.run(["--list", "--area", "trash", "--tier", "smoke"])
        let expected = Conformance.checks(for: .smoke).filter { $0.area == .trash }.map(\.id)
        #expect(trash.lines.dropLast().map { String($0.prefix { $0 != " " }) } == expected)
        #expect(trash.lines.last == "\(expected.count) checks")

        #expect(await Self.run(["--list"]).lines.last == "\(Conformance.allChecks.count) checks")
    }

    @Test(arguments: ["--json", "--junit"])
    func anUnwritableReportPathIsRefusedBeforeTheRun(option: String) async throws {
        let missing = "/nonexistent-\(UUID().uuidString)/report"
        let refused = await Self.run(["--check", "ITEM-01", option, missing])
        #expect(refused.code == 2)
        #expect(refused.lines.isEmpty)
        #expect(refused.errors.first?.hasPrefix("error: \(option) \(missing) cannot be written: the folder") == true)

        let folder = FileManager.default.temporaryDirectory.path
        let aFolder = await Self.run(["--check", "ITEM-01", "\(option)=\(folder)"])
        #expect(aFolder.code == 2)
        #expect(aFolder.errors.first?.contains("is a folder") == true)
    }

    @Test func reportsAreWrittenWhereAsked() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("report.json").path
        let junit = folder.appendingPathComponent("report.xml").path
        let run = await Self.run(["--check", "ITEM-01", "--seed=9", "--json", json, "--junit=\(junit)"])
        #expect(run.code == 0)
        let report = try JSONDecoder().decode(
            ConformanceReport.self,
            from: Data(contentsOf: URL(fileURLWithPath: json))
        )
        #expect(report.seed == 9 && report.results.map(\.checkID) == ["ITEM-01"])
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("ITEM-01"))
    }

    @Test func aCheckThatDidNotRunShowsItsReason() async {
        let run = await Self.run(["--check", "ERR-03", "--seed", "1"])
        #expect(run.code == 0)
        #expect(run.lines.contains { $0.contains("tier standard, seed 1, 1 check") })
        #expect(
            run.lines.contains {
                $0.hasPrefix("[1/1] ERR-03 ") && $0.contains(": skipped (")
                    && $0.hasSuffix("cross-check of an undeclared capability; the subject declares [writing]")
            }
        )
        #expect(
            run.text.contains(
                "skipped: cross-check of an undeclared capability; the subject declares [writing] (1 check): ERR-03"
            )
        )
    }

    @Test func aFailureExitsWithOneAndPrintsItsReplayCommand() async {
        struct Unavailable: Error {}
        let broken = ConformanceSubject(name: "unavailable", capabilities: .readOnly) { throw Unavailable() }
        let run = await Self.run(
            ["--check", "ITEM-01", "--seed", "5", "--tier", "smoke", "--check-interval", "3"],
            subject: broken,
            commandName: "broken-conformance"
        )
        #expect(run.code == 1)
        #expect(run.lines.first == "FileProviderKit conformance suite \(Conformance.suiteVersion): unavailable")
        #expect(
            run.text.contains(
                "replay: swift run broken-conformance --check ITEM-01 --seed 5 --tier smoke --check-interval 3"
            )
        )
        #expect(run.lines.last == "0 passed, 1 failed")
    }
}
