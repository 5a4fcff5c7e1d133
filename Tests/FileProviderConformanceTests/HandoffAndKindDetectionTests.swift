import FileProviderConformance
import FileProviderKit
import InMemoryFileProvider
import Testing

@Suite("Content handed over and identifiers' kinds: the checks catch the providers that break them")
struct HandoffAndKindDetectionTests {
    /// A broken layer over the reference provider and the checks that must catch it, each naming
    /// the clause it protects.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let clause: String
        let checks: [String]
        let wrap: @Sendable (InMemoryFileProvider) -> any FileProvider
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "uploads reported before they reach the store", clause: "API.11", checks: ["CNT-20", "CNT-21"]) {
            LateUploadLayer(inner: $0)
        },
        Case(name: "contents files read after the call", clause: "API.12", checks: ["CNT-22", "CNT-23"]) {
            LazyContentsLayer(inner: $0)
        },
        Case(name: "progress counted in chunks, the last one missed", clause: "API.15", checks: ["CNT-24", "CNT-25"]) {
            UnfinishedProgressLayer(inner: $0)
        },
        Case(name: "item(for:) by the path an item was created at", clause: "R9.5", checks: ["ITEM-20"]) {
            PathLookupLayer(inner: $0)
        },
        Case(name: "a change log keyed by path", clause: "R9.5", checks: ["ITEM-21"]) {
            PathKeyedChangesLayer(inner: $0)
        },
    ]

    static let checkIDs = ["CNT-20", "CNT-21", "CNT-22", "CNT-23", "CNT-24", "CNT-25", "ITEM-20", "ITEM-21"]

    @Test(arguments: cases)
    func brokenLayerIsCaught(_ broken: Case) async throws {
        let checks = try Self.checkIDs.map { try #require(Conformance.check(withID: $0)) }
        let subject = ConformanceSubject.referenceProvider(named: broken.name, wrapping: broken.wrap)
        let report = await Conformance.run(subject, checks: checks, options: ConformanceOptions(seed: 7))
        #expect(report.results.filter(\.failed).map(\.checkID) == broken.checks)
        for check in broken.checks {
            #expect(
                report.findings.contains { $0.checkID == check && $0.clauses.contains(broken.clause) },
                "no finding of \(check) names \(broken.clause): \(report.findings.map(\.description))"
            )
        }
    }

    @Test func theReferenceProviderPassesThem() async throws {
        let checks = try Self.checkIDs.map { try #require(Conformance.check(withID: $0)) }
        let report = await Conformance.run(.referenceProvider(), checks: checks, options: ConformanceOptions(seed: 7))
        #expect(report.results.filter(\.failed).isEmpty, "\(report.findings.map(\.description))")
        #expect(report.results.filter(\.passed).count == checks.count)
    }
}
