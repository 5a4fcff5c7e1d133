import FileProviderConformance
import FileProviderKit
import Testing

@Suite("The reference provider passes everything it declares")
struct ReferenceProviderConformanceTests {
    static let subject = ConformanceSubject.referenceProvider()

    @Test(.conformanceSummary, arguments: Conformance.checks(for: .standard))
    func check(_ check: ConformanceCheck) async {
        // The time limit detects a hang; it leaves room for ThreadSanitizer on a loaded machine.
        let options = ConformanceOptions(seed: 20_261_121, randomizedSteps: 500, checkTimeout: .seconds(300))
        let result = await Conformance.run(check, against: Self.subject, options: options)
        result.recordIssues()
        // The reference provider's folders report their changes: the checks of listing-only folders
        // are the only ones it cannot run.
        if case .unsupported(let reason) = result.outcome, !check.requiredCapabilities.contains(.listingOnlyFolders) {
            Issue.record("the reference provider declares everything, yet \(check.id) is unsupported: \(reason)")
        }
    }

    @Test func caseSensitiveAndTrashlessVariantsPassToo() async {
        for subject in [
            ConformanceSubject.referenceProvider(caseRule: .caseSensitive),
            ConformanceSubject.referenceProvider(supportsTrash: false),
        ] {
            let report = await Conformance.run(subject, options: ConformanceOptions(tier: .smoke, seed: 7))
            report.recordIssues()
            #expect(report.passedCount > 0)
        }
    }
}
