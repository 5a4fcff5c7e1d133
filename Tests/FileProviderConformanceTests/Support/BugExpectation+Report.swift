import FileProviderConformance
import Testing

extension BugExpectation {
    /// Expects that exactly ``checks`` fail in `report`, in that order, each with a finding naming
    /// one of ``clauses``; `bug` names the bug in the messages.
    func expectCaught(in report: ConformanceReport, _ bug: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let caughtBy = report.results.filter(\.failed).map(\.checkID)
        #expect(caughtBy == checks, "\(bug) is caught by \(caughtBy), not \(checks)", sourceLocation: sourceLocation)
        for check in checks {
            let findings = report.findings.filter { $0.checkID == check }
            #expect(
                findings.contains { finding in finding.clauses.contains { clauses.contains($0) } },
                "no finding of \(check) names \(clauses) for \(bug): \(findings.map(\.description))",
                sourceLocation: sourceLocation
            )
        }
    }
}
