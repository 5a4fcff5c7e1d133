import Foundation

/// The result of a conformance run: one ``CheckResult`` per check, with counts, a summary table,
/// and JSON and JUnit XML renderings.
///
/// Its JSON form (``jsonData()``, schema version ``jsonSchemaVersion``) is documented in the
/// conformance guide; names are strings, capabilities a list of names, seeds decimal strings.
public struct ConformanceReport: Hashable, Codable, Sendable {
    /// The version of the JSON form ``jsonData()`` writes and `init(from:)` reads: 2. Version 2
    /// writes seeds as strings, capabilities as names and outcomes as objects with a `status`.
    public static let jsonSchemaVersion = 2

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
    public var summaryLine: String { Self.counts(of: results).line }

    /// A table with one row per area: passed, failed, unsupported and skipped checks.
    public var summaryTable: String { Self.summaryTable(of: results) }

    /// The checks that did not run, one line per reason with the checks it kept from running, for
    /// example `unsupported: the subject does not declare [trash] (6 checks): TRASH-01, …`;
    /// unsupported ones first, since declaring a capability your provider has runs them. `nil`
    /// when every check ran (checks `FILEPROVIDER_CHECK` did not select are left out).
    public var notRunSummary: String? { Self.notRunSummary(of: results) }

    /// ``summaryTable``, then ``notRunSummary`` when some checks did not run, then ``summaryLine``:
    /// what the adapters and the command line print at the end of a run.
    public var summary: String { Self.summary(of: results) }

    static func summary(of results: [CheckResult]) -> String {
        var parts = [summaryTable(of: results)]
        if let notRun = notRunSummary(of: results) { parts.append(notRun) }
        parts.append(counts(of: results).line)
        return parts.joined(separator: "\n\n")
    }

    static func summaryTable(of results: [CheckResult]) -> String {
        let header = ["area", "passed", "failed", "unsupported", "skipped"]
        var rows: [[String]] = []
        for area in CheckArea.allCases {
            let inArea = results.filter { $0.area == area }
            if inArea.isEmpty { continue }
            rows.append([area.description] + counts(of: inArea).cells)
        }
        rows.append(["total"] + counts(of: results).cells)
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

    static func notRunSummary(of results: [CheckResult]) -> String? {
        var reasons: [String] = []
        var checksByReason: [String: [String]] = [:]
        let unsupportedFirst = results.filter { $0.status == "unsupported" } + results.filter { $0.status == "skipped" }
        for result in unsupportedFirst where !result.isNotSelected {
            guard let reason = result.reasonNotRun else { continue }
            let key = "\(result.status): \(reason)"
            if checksByReason[key] == nil { reasons.append(key) }
            checksByReason[key, default: []].append(result.checkID)
        }
        guard !reasons.isEmpty else { return nil }
        let lines = reasons.map { key in
            let ids = checksByReason[key] ?? []
            return "  \(key) (\(checkCount(ids.count))): \(ids.joined(separator: ", "))"
        }
        var text = (["Not run:"] + lines).joined(separator: "\n")
        if reasons.contains(where: { $0.hasPrefix("unsupported") }) {
            text += "\nDeclare every capability your provider has: its unsupported checks run only then."
        }
        return text
    }

    /// "1 check", "2 checks".
    static func checkCount(_ count: Int) -> String { count == 1 ? "1 check" : "\(count) checks" }

    private static func counts(of results: [CheckResult]) -> Counts {
        var counts = Counts()
        for result in results {
            switch result.outcome {
            case .passed: counts.passed += 1
            case .failed: counts.failed += 1
            case .unsupported: counts.unsupported += 1
            case .skipped: counts.skipped += 1
            }
        }
        return counts
    }

    private struct Counts {
        var passed = 0
        var failed = 0
        var unsupported = 0
        var skipped = 0

        var cells: [String] { ["\(passed)", "\(failed)", "\(unsupported)", "\(skipped)"] }
        var line: String { "\(passed) passed, \(failed) failed, \(unsupported) unsupported, \(skipped) skipped" }
    }

    /// Throws a ``ConformanceFailure`` listing every finding when a check failed; for plain code,
    /// command-line tools and XCTest (which reports the thrown error).
    public func throwIfFailed() throws(ConformanceFailure) {
        if hasFailures { throw ConformanceFailure(report: self) }
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, subjectName, capabilities, tier, seed, suiteVersion, summary, results
    }

    /// Decodes a report of schema version ``jsonSchemaVersion``; `summary` is ignored.
    ///
    /// - Throws: `DecodingError` for another schema version, a missing field, an unknown
    ///   capability name or a seed that is not a decimal string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .schemaVersion)
        guard version == Self.jsonSchemaVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .schemaVersion,
                in: container,
                debugDescription: "this suite reads report schema version \(Self.jsonSchemaVersion), not \(version)"
            )
        }
        subjectName = try container.decode(String.self, forKey: .subjectName)
        capabilities = try container.decode(ProviderCapabilities.self, forKey: .capabilities)
        tier = try container.decode(ConformanceTier.self, forKey: .tier)
        seed = try SeedCoding.decode(from: container, forKey: .seed)
        suiteVersion = try container.decode(String.self, forKey: .suiteVersion)
        results = try container.decode([CheckResult].self, forKey: .results)
    }

    /// Encodes the report with its `schemaVersion`, the seed as a decimal string, and a `summary`
    /// object counting `passed`, `failed`, `unsupported` and `skipped` checks.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.jsonSchemaVersion, forKey: .schemaVersion)
        try container.encode(subjectName, forKey: .subjectName)
        try container.encode(capabilities, forKey: .capabilities)
        try container.encode(tier, forKey: .tier)
        try SeedCoding.encode(seed, to: &container, forKey: .seed)
        try container.encode(suiteVersion, forKey: .suiteVersion)
        try container.encode(
            [
                "passed": passedCount, "failed": failedCount, "unsupported": unsupportedCount,
                "skipped": skippedCount,
            ],
            forKey: .summary
        )
        try container.encode(results, forKey: .results)
    }
}
