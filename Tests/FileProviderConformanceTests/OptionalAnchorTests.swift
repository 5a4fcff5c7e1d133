import FileProviderConformance
import FileProviderKit
import Testing

@Suite("A folder enumerator may return no sync anchor; the working set's may not")
struct OptionalAnchorTests {
    @Test func foldersWithoutChangesPassAndTheirChangeChecksAreSkipped() async {
        let subject = ConformanceSubject.referenceProvider(named: "listing-only folders") {
            ListingOnlyFoldersProvider(inner: $0)
        }
        let report = await Conformance.run(subject, options: ConformanceOptions(seed: 7, environment: .ignored))
        let failed = report.results.filter(\.failed)
        #expect(failed.isEmpty, "\(failed.flatMap(\.findings).map(\.description))")
        let skipped = report.results.compactMap { result -> String? in
            guard case .skipped(let reason) = result.outcome, reason.contains("returns no sync anchor") else {
                return nil
            }
            return result.checkID
        }
        #expect(
            skipped == ["CHG-19", "CHG-20", "CHG-22", "CHG-33", "CHG-40", "CHG-41", "CHG-78", "TRASH-15"],
            "the checks of folders' changes"
        )
        let listings = report.results.filter { $0.area == .enumeration }
        #expect(!listings.isEmpty)
        #expect(listings.allSatisfy { $0.outcome == .passed || $0.outcome.isNotRunBecauseOfTier }, "\(listings)")
    }
}

extension CheckResult.Outcome {
    /// Whether the check did not run because its tier was not selected.
    fileprivate var isNotRunBecauseOfTier: Bool {
        if case .skipped(let reason) = self { return reason.contains("tier") }
        return false
    }
}
