import FileProviderConformance
import FileProviderKit
import InMemoryFileProvider
import Testing

@Suite("The randomized runs compare every observable property")
struct ModelComparisonTests {
    /// The reference provider, with `divergence` when given, declaring what its fixture offers:
    /// store resets and an unreachable server, but no remote changes.
    static func subject(with divergence: ModelDivergence?) -> ConformanceSubject {
        let capabilities = ProviderCapabilities.reference.subtracting([.partialContent, .remoteChanges])
        return ConformanceSubject(name: "divergent: \(divergence?.rawValue ?? "none")", capabilities: capabilities) {
            let domain = Domain(identifier: try DomainIdentifier("divergent"), displayName: "Divergent")
            let store = InMemoryStore(
                domain: domain,
                configuration: InMemoryStoreConfiguration(clock: ManualStoreClock())
            )
            let base = store.makeProvider()
            let provider: any FileProvider = divergence.map { DivergentProvider(inner: base, divergence: $0) } ?? base
            return ProviderFixture(
                provider: provider,
                resetStore: { store.resetEpoch() },
                setReachable: { reachable in store.isOffline = !reachable },
                tearDown: { await base.invalidate() }
            )
        }
    }

    // As many steps as the standard tier runs. The time limit detects a hang; it leaves room for
    // ThreadSanitizer on a loaded machine.
    static let options = ConformanceOptions(seed: 7, randomizedSteps: 2000, checkTimeout: .seconds(300))

    @Test(arguments: ModelDivergence.allCases)
    func divergenceIsCaught(_ divergence: ModelDivergence) async throws {
        let check = try #require(Conformance.check(withID: "MODEL-01"))
        let report = await Conformance.run(check, against: Self.subject(with: divergence), options: Self.options)
        let finding = try #require(report.findings.first, "MODEL-01 did not catch \(divergence)")
        #expect(
            finding.description.contains(divergence.phrase),
            "the finding for \(divergence) does not name \"\(divergence.phrase)\": \(finding.description)"
        )
        #expect(finding.clauses == divergence.clauses, "\(divergence): \(finding.clauses)")
        #expect(Set(finding.clauses).isSubset(of: check.clauses))
        #expect(finding.message.contains("shrunk to"))
        #expect(finding.operations.contains { $0.hasPrefix("step 1: ") })
    }

    @Test func theSameRunPassesWithoutDivergence() async throws {
        let check = try #require(Conformance.check(withID: "MODEL-01"))
        let report = await Conformance.run(check, against: Self.subject(with: nil), options: Self.options)
        #expect(report.findings.isEmpty, "\(report.findings.map(\.description))")
    }
}
