import Foundation

/// The conformance suite's command line, for the package's `fileprovider-conformance` (the
/// reference provider) and for a command of your own that runs the suite against your provider:
///
/// ```swift
/// @main
/// struct MyProviderConformance {
///     static func main() async {
///         exit(await ConformanceCommandLine.run(mySubject, commandName: "my-provider-conformance"))
///     }
/// }
/// ```
///
/// It takes the options `--help` lists (`--check`, `--area`, `--tier`, `--seed`, `--steps`,
/// `--check-interval`, `--list`, `--json`, `--junit`, `--quiet`, `--clause-matrix`, `--apple-rules`; a
/// value follows a space or an equals sign), prints one line per check, every finding with the command that replays it, the
/// summary table, the checks that did not run with the reason, and `N passed, M failed`. It ignores
/// `FILEPROVIDER_CHECK` and `FILEPROVIDER_SEED`: its options say what to run.
public enum ConformanceCommandLine {
    /// Runs the suite against `subject` as `arguments` ask, printing to standard output (errors to
    /// standard error), and returns the exit code: 0 when nothing failed, 1 when a check failed, 2
    /// for bad arguments or a `--json` / `--junit` path that cannot be written (checked before
    /// the run).
    ///
    /// - Parameters:
    ///   - subject: the provider to run the suite against.
    ///   - arguments: the arguments, without the program name; by default the process's.
    ///   - commandName: how to invoke the command, shown in the usage and in replay lines; by
    ///     default `swift run fileprovider-conformance` is written `fileprovider-conformance`.
    public static func run(
        _ subject: ConformanceSubject,
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        commandName: String = "fileprovider-conformance"
    ) async -> Int32 {
        await run(subject, arguments: arguments, commandName: commandName, output: .console)
    }

    static func run(
        _ subject: ConformanceSubject,
        arguments: [String],
        commandName: String = "fileprovider-conformance",
        output: CommandOutput
    ) async -> Int32 {
        let usage = CommandLineOptions.usage(commandName: commandName, subjectName: subject.name)
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions(arguments)
            try options.validateReportPaths()
        } catch {
            output.error("error: \(error)\n\n\(usage)")
            return 2
        }
        if options.showHelp {
            output.print(usage)
            return 0
        }
        if options.printClauseMatrix {
            output.print(ClauseMatrix().markdown)
            return 0
        }
        if options.printAppleRules {
            output.print(AppleRule.markdownTable)
            return 0
        }
        if options.listChecks {
            let checks = options.selectedChecks()
            for check in checks {
                output.print(
                    "\(check.id.padding(toLength: 9, withPad: " ", startingAt: 0)) \(check.tier.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \(check.title)"
                )
            }
            output.print(ConformanceReport.checkCount(checks.count))
            return 0
        }
        return await runChecks(options, subject: subject, command: "swift run \(commandName)", output: output)
    }

    private static func runChecks(
        _ options: CommandLineOptions,
        subject: ConformanceSubject,
        command: String,
        output: CommandOutput
    ) async -> Int32 {
        var runOptions = ConformanceOptions(
            tier: options.tier,
            randomizedSteps: options.steps,
            randomizedCheckInterval: options.checkInterval,
            environment: .ignored
        )
        if let seed = options.seed { runOptions.seed = seed }
        let checks = options.selectedChecks()
        output.print("FileProviderKit conformance suite \(Conformance.suiteVersion): \(subject.name)")
        output.print(
            "capabilities \(subject.capabilities), tier \(options.tier.rawValue), seed \(runOptions.seed), \(ConformanceReport.checkCount(checks.count))"
        )
        let replayOptions =
            (options.tier == .standard ? "" : " --tier \(options.tier.rawValue)")
            + (options.steps.map { " --steps \($0)" } ?? "")
            + (options.checkInterval.map { " --check-interval \($0)" } ?? "")
        let quiet = options.quiet
        let report = await Conformance.run(subject, checks: checks, options: runOptions) { event in
            guard case .finished(let result, let index, let count) = event else { return }
            if !quiet || result.failed {
                let width = String(count).count
                let position = String(repeating: " ", count: width - String(index).count) + "\(index)"
                var line =
                    "[\(position)/\(count)] \(result.checkID) \(result.title): \(result.status) (\(String(format: "%.2f", result.seconds)) s)"
                if let reason = result.reasonNotRun { line += ": \(reason)" }
                if !result.remarks.isEmpty { line += " — " + result.remarks.joined(separator: "; ") }
                output.print(line)
            }
            for finding in result.findings {
                let replay =
                    "\(command) --check \(finding.checkID) --seed \(finding.seed)\(replayOptions)"
                let lines = finding.description(replay: replay).split(separator: "\n")
                output.print(lines.map { "    " + $0 }.joined(separator: "\n"))
            }
        }
        output.print("")
        output.print(report.summaryTable)
        if let notRun = report.notRunSummary { output.print("\n" + notRun) }
        output.print("")
        do {
            if let path = options.jsonPath {
                try report.jsonData().write(to: URL(fileURLWithPath: path))
                output.print("JSON report written to \(path)")
            }
            if let path = options.junitPath {
                try Data(report.junitXML().utf8).write(to: URL(fileURLWithPath: path))
                output.print("JUnit report written to \(path)")
            }
        } catch {
            output.error("error: could not write a report: \(error)")
            return 2
        }
        if report.hasFailures {
            output.print(
                "Replay a failure with: \(command) --check ID --seed \(runOptions.seed)\(replayOptions)"
            )
        }
        output.print("\(report.passedCount) passed, \(report.failedCount) failed")
        return report.hasFailures ? 1 : 0
    }
}
