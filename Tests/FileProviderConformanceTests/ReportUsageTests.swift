import FileProviderConformance
import FileProviderKit
import Foundation
import Testing
import XCTest

/// The ways to run the suite outside Swift Testing's parameterised cases, as the conformance guide
/// (`Documentation/ConformanceSuite.md`) shows them; it quotes this file.
final class ConformanceFromXCTest: XCTestCase {
    func testConformance() async {
        let subject = ConformanceSubject.referenceProvider()
        await Conformance.run(subject, options: ConformanceOptions(tier: .smoke)).assertNoFailures()
    }
}

@Suite("Reports from plain code")
struct ReportUsageTests {
    @Test func plainCodeReadsAndWritesReports() async throws {
        let subject = ConformanceSubject.referenceProvider()
        let report = await Conformance.run(subject, options: ConformanceOptions(tier: .smoke, seed: 42))
        print(report.summaryTable)
        try report.throwIfFailed()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-\(UUID().uuidString).json")
        try report.jsonData().write(to: url)
        let junit = report.junitXML()

        defer { try? FileManager.default.removeItem(at: url) }
        let decoded = try JSONDecoder().decode(ConformanceReport.self, from: Data(contentsOf: url))
        #expect(decoded == report)
        #expect(junit.contains("<testsuites name=\"InMemoryFileProvider\""))
        #expect(report.summaryLine.hasPrefix("\(report.passedCount) passed, 0 failed"))
        #expect(report.seed == 42)
    }

    @Test func aFailedReportThrowsEveryFinding() throws {
        let finding = Finding(checkID: "ENUM-02", message: "lost a page", expected: "23", actual: "20", seed: 7)
        let report = ConformanceReport(
            subjectName: "Broken",
            capabilities: .readOnly,
            tier: .smoke,
            seed: 7,
            suiteVersion: Conformance.suiteVersion,
            results: [
                CheckResult(
                    checkID: "ENUM-02",
                    title: "pages",
                    area: .enumeration,
                    outcome: .failed([finding]),
                    seconds: 0.1,
                    seed: 7
                ),
                CheckResult(
                    checkID: "TRASH-01",
                    title: "trash",
                    area: .trash,
                    outcome: .unsupported("no trash"),
                    seconds: 0,
                    seed: 7
                ),
            ]
        )
        #expect(report.summaryLine == "0 passed, 1 failed, 1 unsupported, 0 skipped")
        #expect(throws: ConformanceFailure.self) { try report.throwIfFailed() }
        do {
            try report.throwIfFailed()
        } catch {
            #expect(error.description.contains("[ENUM-02] lost a page"))
            #expect(error.description.contains("replay: FILEPROVIDER_CHECK=ENUM-02 FILEPROVIDER_SEED=7 swift test"))
        }
        #expect(report.junitXML().contains("<failure message=\"lost a page\">"))
        #expect(report.junitXML().contains("<skipped message=\"no trash\"/>"))
        #expect(report.summaryTable.contains("enumeration"))
    }

    @Test func everyCheckHasAStableUniqueIdentifierAndARationale() {
        let ids = Conformance.allChecks.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(Conformance.allChecks.count >= 50)
        for check in Conformance.allChecks {
            #expect(check.id.hasPrefix(check.area.rawValue + "-"))
            #expect(!check.rationale.isEmpty && !check.rule.isEmpty)
        }
        #expect(Conformance.check(withID: "enum-02")?.id == "ENUM-02")
        #expect(Conformance.checks(for: .smoke).allSatisfy { $0.tier == .smoke })
    }
}
