import FileProviderConformance
import Foundation

/// `fileprovider-conformance`: the conformance suite against the in-memory reference provider.
@main
struct ConformanceCommand {
    static func main() async {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions(Array(CommandLine.arguments.dropFirst()))
        } catch {
            printError("error: \(error)\n\n\(CommandLineOptions.usage)")
            exit(2)
        }
        if options.showHelp {
            print(CommandLineOptions.usage)
            return
        }
        if options.printClauseMatrix {
            print(ClauseMatrix().markdown)
            return
        }
        if options.listChecks {
            for check in Conformance.allChecks {
                print(
                    "\(check.id.padding(toLength: 9, withPad: " ", startingAt: 0)) \(check.tier.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \(check.title)"
                )
            }
            print("\(Conformance.allChecks.count) checks")
            return
        }
        let exitCode = await run(options)
        exit(exitCode)
    }

    static func run(_ options: CommandLineOptions) async -> Int32 {
        var runOptions = ConformanceOptions(
            tier: options.tier,
            randomizedSteps: options.steps,
            environment: .ignored
        )
        if let seed = options.seed { runOptions.seed = seed }
        let subject = ConformanceSubject.referenceProvider()
        let checks = options.selectedChecks()
        print("FileProviderKit conformance suite \(Conformance.suiteVersion): \(subject.name)")
        print(
            "capabilities \(subject.capabilities), tier \(options.tier.rawValue), seed \(runOptions.seed), \(checks.count) checks"
        )
        let quiet = options.quiet
        let report = await Conformance.run(subject, checks: checks, options: runOptions) { event in
            guard case .finished(let result, let index, let count) = event else { return }
            let status: String
            switch result.outcome {
            case .passed: status = "passed"
            case .failed: status = "FAILED"
            case .unsupported: status = "unsupported"
            case .skipped: status = "skipped"
            }
            if !quiet || result.failed {
                let width = String(count).count
                let position = String(repeating: " ", count: width - String(index).count) + "\(index)"
                var line =
                    "[\(position)/\(count)] \(result.checkID) \(result.title): \(status) (\(String(format: "%.2f", result.seconds)) s)"
                if !result.remarks.isEmpty { line += " — " + result.remarks.joined(separator: "; ") }
                print(line)
            }
            for finding in result.findings {
                let replay = "swift run fileprovider-conformance --check \(finding.checkID) --seed \(finding.seed)"
                print(
                    finding.description(replay: replay).split(separator: "\n").map { "    " + $0 }.joined(
                        separator: "\n"
                    )
                )
            }
        }
        print("")
        print(report.summaryTable)
        print("")
        do {
            if let path = options.jsonPath {
                try report.jsonData().write(to: URL(fileURLWithPath: path))
                print("JSON report written to \(path)")
            }
            if let path = options.junitPath {
                try Data(report.junitXML().utf8).write(to: URL(fileURLWithPath: path))
                print("JUnit report written to \(path)")
            }
        } catch {
            printError("error: could not write a report: \(error)")
            return 1
        }
        if report.hasFailures {
            print("Replay a failure with: swift run fileprovider-conformance --check ID --seed \(runOptions.seed)")
        }
        print("\(report.passedCount) passed, \(report.failedCount) failed")
        return report.hasFailures ? 1 : 0
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
