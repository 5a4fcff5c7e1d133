import FileProviderConformance
import FileProviderKit
import Testing

@Suite("Fidelity: folder change scope, listing-only folders, reserved items, links, depth")
struct FidelityTests {
    @Test(arguments: FidelityBug.allCases)
    func bugIsCaught(_ bug: FidelityBug) async throws {
        let expectation = bug.expectation
        let checks = try expectation.checks.map { try #require(Conformance.check(withID: $0)) }
        let subject = ConformanceSubject.referenceProvider(named: "broken: \(bug)") {
            FidelityBrokenProvider(inner: $0, bug: bug)
        }
        let report = await Conformance.run(subject, checks: checks, options: ConformanceOptions(seed: 42))
        expectation.expectCaught(in: report, "\(bug)")
    }

    @Test func theReferenceProviderPassesTheFidelityChecks() async throws {
        let ids = Set(FidelityBug.allCases.flatMap(\.expectation.checks) + ["ENUM-40", "ENUM-41"])
        let checks = ids.sorted().compactMap { Conformance.check(withID: $0) }
        #expect(checks.count == ids.count)
        let report = await Conformance.run(.referenceProvider(), checks: checks, options: ConformanceOptions(seed: 3))
        #expect(report.results.allSatisfy { $0.outcome == .passed }, "\(report.findings.map(\.description))")
    }

    /// Folder enumerators that return an anchor but fail change enumeration with
    /// `featureUnsupported`, declared with `listingOnlyFolders`: the whole suite passes, and the
    /// checks of listing-only folders run.
    @Test func listingOnlyFoldersWithAnchorsPassTheWholeSuite() async {
        let subject = ConformanceSubject.referenceProvider(
            named: "listing-only folders with anchors",
            capabilities: ConformanceSubject.referenceProvider().capabilities.union(.listingOnlyFolders)
        ) {
            ListingOnlyFoldersProvider(inner: $0, keepsAnchors: true)
        }
        let report = await Conformance.run(subject, options: ConformanceOptions(seed: 7, environment: .ignored))
        let failed = report.results.filter(\.failed)
        #expect(failed.isEmpty, "\(failed.flatMap(\.findings).map(\.description))")
        let ran = report.results.filter { $0.outcome == .passed }.map(\.checkID)
        #expect(ran.contains("CHG-42") && ran.contains("CHG-43"))
    }

    /// Without the declaration, the same provider's folder enumerators promise changes with their
    /// anchors and break the promise: the checks of folders' changes fail.
    @Test func undeclaredListingOnlyFoldersWithAnchorsFail() async throws {
        let subject = ConformanceSubject.referenceProvider(named: "undeclared listing-only folders") {
            ListingOnlyFoldersProvider(inner: $0, keepsAnchors: true)
        }
        let checks = try ["CHG-19", "CHG-40"].map { try #require(Conformance.check(withID: $0)) }
        let report = await Conformance.run(subject, checks: checks, options: ConformanceOptions(seed: 7))
        #expect(report.results.map(\.failed) == [true, true])
    }
}
