/// The error ``ConformanceReport/throwIfFailed()`` throws: the report and every finding in it.
public struct ConformanceFailure: Error, Sendable, CustomStringConvertible {
    /// The report with at least one failed check.
    public let report: ConformanceReport

    /// The summary line followed by every finding.
    public var description: String {
        (["\(report.subjectName) failed the conformance suite: \(report.summaryLine)."]
            + report.findings.map(\.description))
            .joined(separator: "\n\n")
    }
}
