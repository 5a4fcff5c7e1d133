import FileProviderConformance
import FileProviderKit
import Testing

@Suite("The checks of issue 20's unchecked behaviours catch a provider that breaks each")
struct BehaviourBugTests {
    /// Runs the two checks of the bug's clause against a provider with the bug: both fail, each
    /// with a finding naming the clause.
    @Test(arguments: BehaviourBug.allCases)
    func bugIsCaught(_ bug: BehaviourBug) async throws {
        let expectation = bug.expectation
        let checks = try expectation.checks.map { try #require(Conformance.check(withID: $0)) }
        let report = await Conformance.run(.broken(by: bug), checks: checks, options: ConformanceOptions(seed: 42))
        let caughtBy = report.results.filter(\.failed).map(\.checkID)
        #expect(caughtBy == expectation.checks, "\(bug) is caught by \(caughtBy), not \(expectation.checks)")
        for check in expectation.checks {
            let findings = report.findings.filter { $0.checkID == check }
            #expect(
                findings.contains { $0.clauses.contains(expectation.clause) },
                "no finding of \(check) names \(expectation.clause) for \(bug): \(findings.map(\.description))"
            )
        }
    }

    /// The same checks pass against the reference provider, so each failure above is the bug's.
    @Test func theReferenceProviderPassesEveryCheck() async throws {
        let identifiers = BehaviourBug.allCases.flatMap(\.expectation.checks)
        let checks = try Set(identifiers).sorted().map { try #require(Conformance.check(withID: $0)) }
        let report = await Conformance.run(.referenceProvider(), checks: checks, options: ConformanceOptions(seed: 42))
        #expect(report.results.filter(\.failed).isEmpty, "\(report.findings.map(\.description))")
        #expect(report.results.count == checks.count)
    }

    /// Every clause issue 20 added is verified by two checks of its own bug.
    @Test func everyNewClauseHasABug() {
        let clauses = Set(BehaviourBug.allCases.map(\.expectation.clause))
        for identifier in ["R1.3", "R3.5", "R12.7", "R12.8", "R12.9", "R12.10", "R12.11", "R13.9", "R13.10"]
            + ["R14.6", "R14.7", "R16.7", "API.10"]
        {
            #expect(clauses.contains(identifier), "no bug breaks \(identifier)")
        }
    }
}
