import FileProviderConformance
import FileProviderKit
import InMemoryFileProvider
import Testing

@Suite("The suite catches the bugs real providers ship")
struct BugDetectionTests {
    /// A subject whose providers are the reference provider with `bug`.
    static func subject(with bug: Bug) -> ConformanceSubject {
        let supportsTrash = bug != .trashAsNoSuchItem
        var capabilities = ProviderCapabilities.reference.subtracting(.partialContent)
        if !supportsTrash { capabilities.remove(.trash) }
        return ConformanceSubject(name: "broken: \(bug)", capabilities: capabilities) {
            let domain = Domain(
                identifier: try DomainIdentifier("broken"),
                displayName: "Broken",
                supportsSyncingTrash: supportsTrash
            )
            let store = InMemoryStore(
                domain: domain,
                configuration: InMemoryStoreConfiguration(clock: ManualStoreClock())
            )
            let base = store.makeProvider()
            return ProviderFixture(
                provider: BrokenProvider(base: base, bug: bug),
                openAnotherInstance: { BrokenProvider(base: store.makeProvider(), bug: bug) },
                tearDown: { await base.invalidate() }
            )
        }
    }

    @Test(arguments: Bug.allCases)
    func bugIsCaught(_ bug: Bug) async throws {
        let (ids, phrase) = bug.expectation
        let checks = try ids.map { try #require(Conformance.check(withID: $0)) }
        let options = ConformanceOptions(
            seed: 42,
            randomizedSteps: 300,
            checkTimeout: bug == .neverFinishes ? .seconds(2) : .seconds(60)
        )
        let report = await Conformance.run(Self.subject(with: bug), checks: checks, options: options)
        for result in report.results {
            #expect(result.failed, "\(result.checkID) did not catch \(bug)")
        }
        let messages = report.findings.map(\.description)
        #expect(
            messages.contains { $0.contains(phrase) },
            "no finding for \(bug) mentions \"\(phrase)\": \(messages.joined(separator: "\n"))"
        )
        #expect(report.findings.allSatisfy { !$0.operations.isEmpty || $0.message.contains("did not finish") })
    }

    @Test func atLeastFifteenKindsOfBugAreCovered() {
        #expect(Bug.allCases.count >= 15)
        #expect(Set(Bug.allCases.flatMap(\.expectation.checks)).count >= 20)
    }

    @Test func aFindingsSeedReplaysTheSameFailure() async throws {
        let check = try #require(Conformance.check(withID: "MODEL-01"))
        let subject = Self.subject(with: .missesDeletions)
        let first = await Conformance.run(
            check,
            against: subject,
            options: ConformanceOptions(seed: 99, randomizedSteps: 300)
        )
        let finding = try #require(first.findings.first)
        let replay = await Conformance.run(
            check,
            against: subject,
            options: ConformanceOptions(seed: finding.seed, randomizedSteps: 300)
        )
        #expect(finding.seed == 99)
        #expect(replay.findings == first.findings)
    }
}
