import FileProviderConformance
import Foundation

/// `fileprovider-conformance`: the conformance suite against the in-memory reference provider.
@main
struct ConformanceCommand {
    static func main() async {
        exit(await run(Array(CommandLine.arguments.dropFirst()), output: .console))
    }

    /// Runs the command with `arguments` (without the program name) against `subject`, printing
    /// to `output`, and returns the exit code: 0 when nothing failed, 1 when a check failed, 2 for
    /// bad arguments or a report path that cannot be written.
    static func run(
        _ arguments: [String],
        output: CommandOutput,
        subject: ConformanceSubject = .referenceProvider()
    ) async -> Int32 {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions(arguments)
            try options.validateReportPaths()
        } catch {
            output.error("error: \(error)\n\n\(CommandLineOptions.usage)")
            return 2
        }
        if options.showHelp {
            output.print(CommandLineOptions.usage)
            return 0
        }
        if options.printClauseMatrix {
            output.print(ClauseMatrix().markdown)
            return 0
        }
        if options.listChecks {
            let checks = options.selectedChecks()
            for check in checks {
                output.print(
                    "\(check.id.padding(toLength: 9, withPad: " ", startingAt: 0)) \(check.tier.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \(check.title)"
                )
            }
            output.print(checkCount(checks.count))
            return 0
        }
        return await runChecks(options, subject: subject, output: output)
    }

    private static func runChecks(
        _ options: CommandLineOptions,
        subject: ConformanceSubject,
        output: CommandOutput
    ) async -> Int32 {
        var runOptions = ConformanceOptions(tier: options.tier, randomizedSteps: options.steps, environment: .ignored)
        if let seed = options.seed { runOptions.seed = seed }
        let checks = options.selectedChecks()
        output.print("FileProviderKit conformance suite \(Conformance.suiteVersion): \(subject.name)")
        output.print(
            "capabilities \(subject.capabilities), tier \(options.tier.rawValue), seed \(runOptions.seed), \(checkCount(checks.count))"
        )
        let replayOptions =
            (options.tier == .standard ? "" : " --tier \(options.tier.rawValue)")
            + (options.steps.map { " --steps \($0)" } ?? "")
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
                    "swift run fileprovider-conformance --check \(finding.checkID) --seed \(finding.seed)\(replayOptions)"
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
                "Replay a failure with: swift run fileprovider-conformance --check ID --seed \(runOptions.seed)\(replayOptions)"
            )
        }
        output.print("\(report.passedCount) passed, \(report.failedCount) failed")
        return report.hasFailures ? 1 : 0
    }

    /// "1 check", "2 checks".
    static func checkCount(_ count: Int) -> String { count == 1 ? "1 check" : "\(count) checks" }
}
