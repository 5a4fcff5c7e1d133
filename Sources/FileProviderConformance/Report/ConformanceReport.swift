import Foundation

/// The result of a conformance run: one ``CheckResult`` per check, with counts, a summary table,
/// and JSON and JUnit XML renderings.
public struct ConformanceReport: Hashable, Codable, Sendable {
    /// The subject's name.
    public var subjectName: String
    /// The capabilities the subject declared.
    public var capabilities: ProviderCapabilities
    /// The tier that ran.
    public var tier: ConformanceTier
    /// The run's seed.
    public var seed: UInt64
    /// The suite's version.
    public var suiteVersion: String
    /// One result per check, in the order they ran.
    public var results: [CheckResult]

    /// Creates a report.
    public init(
        subjectName: String,
        capabilities: ProviderCapabilities,
        tier: ConformanceTier,
        seed: UInt64,
        suiteVersion: String,
        results: [CheckResult]
    ) {
        self.subjectName = subjectName
        self.capabilities = capabilities
        self.tier = tier
        self.seed = seed
        self.suiteVersion = suiteVersion
        self.results = results
    }

    /// The number of checks that passed.
    public var passedCount: Int { results.count { $0.outcome == .passed } }
    /// The number of checks that failed.
    public var failedCount: Int { results.count { $0.failed } }
    /// The number of checks that need a capability the subject does not declare.
    public var unsupportedCount: Int { results.count { if case .unsupported = $0.outcome { true } else { false } } }
    /// The number of checks that did not apply or whose tier did not run.
    public var skippedCount: Int { results.count { if case .skipped = $0.outcome { true } else { false } } }
    /// Every finding of every failed check.
    public var findings: [Finding] { results.flatMap(\.findings) }
    /// Whether any check failed.
    public var hasFailures: Bool { failedCount > 0 }

    /// The closing line, for example `57 passed, 0 failed, 3 unsupported, 1 skipped`.
    public var summaryLine: String {
        "\(passedCount) passed, \(failedCount) failed, \(unsupportedCount) unsupported, \(skippedCount) skipped"
    }

    /// A table with one row per area: passed, failed, unsupported and skipped checks.
    public var summaryTable: String {
        let header = ["area", "passed", "failed", "unsupported", "skipped"]
        var rows: [[String]] = []
        for area in CheckArea.allCases {
            let inArea = results.filter { $0.area == area }
            if inArea.isEmpty { continue }
            let report = ConformanceReport(
                subjectName: subjectName,
                capabilities: capabilities,
                tier: tier,
                seed: seed,
                suiteVersion: suiteVersion,
                results: inArea
            )
            rows.append([
                area.description, "\(report.passedCount)", "\(report.failedCount)", "\(report.unsupportedCount)",
                "\(report.skippedCount)",
            ])
        }
        rows.append(["total", "\(passedCount)", "\(failedCount)", "\(unsupportedCount)", "\(skippedCount)"])
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                column == 0
                    ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }
            .joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.dropLast().map(line) + [rule, line(rows[rows.count - 1])])
            .joined(separator: "\n")
    }

    /// Throws a ``ConformanceFailure`` listing every finding when a check failed; for plain code,
    /// command-line tools and XCTest (which reports the thrown error).
    public func throwIfFailed() throws(ConformanceFailure) {
        if hasFailures { throw ConformanceFailure(report: self) }
    }
}
