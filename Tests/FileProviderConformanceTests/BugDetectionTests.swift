import FileProviderConformance
import FileProviderKit
import Testing

@Suite("The suite catches the bugs real providers ship")
struct BugDetectionTests {
    /// Runs the checks `bug` expects against a provider with it; its expectation lists them, so
    /// the table in ``Bug/expectation`` is the catch list per kind.
    @Test(arguments: Bug.allCases)
    func bugIsCaught(_ bug: Bug) async throws {
        let expectation = bug.expectation
        let checks = try expectation.checks.map { try #require(Conformance.check(withID: $0)) }
        let options = ConformanceOptions(
            seed: 42,
            randomizedSteps: 300,
            checkTimeout: bug == .neverFinishes ? .seconds(2) : .seconds(300)
        )
        let report = await Conformance.run(.broken(by: bug), checks: checks, options: options)
        expectation.expectCaught(in: report, "\(bug)")
        #expect(report.findings.allSatisfy { !$0.operations.isEmpty || $0.message.contains("did not finish") })
    }

    @Test func fiftyKindsEachCaughtByTwoChecks() {
        #expect(Bug.allCases.count >= 50)
        for bug in Bug.allCases {
            let checks = bug.expectation.checks
            #expect(Set(checks).count >= 2, "\(bug) is caught by \(checks)")
            for clause in bug.expectation.clauses {
                #expect(ContractClause.clause(withID: clause) != nil, "\(bug) names an unknown clause \(clause)")
            }
        }
    }

    @Test func everyRuleOfTheContractHasABug() {
        let rules = Set(ContractClause.all.map(\.rule))
        let broken = Set(Bug.allCases.compactMap { ContractClause.clause(withID: $0.expectation.clause) }.map(\.rule))
        #expect(broken == rules, "rules without a bug: \(rules.subtracting(broken))")
    }

    /// The shrinker stops at half the check's time limit, so the limit is generous here: a loaded
    /// machine must not cut one run's shrinking shorter than the other's.
    @Test func aFindingsSeedReplaysTheSameFailure() async throws {
        let check = try #require(Conformance.check(withID: "MODEL-01"))
        let subject = ConformanceSubject.broken(by: .missesDeletions)
        let first = await Conformance.run(
            check,
            against: subject,
            options: ConformanceOptions(seed: 99, randomizedSteps: 300, checkTimeout: .seconds(600))
        )
        let finding = try #require(first.findings.first)
        let replay = await Conformance.run(
            check,
            against: subject,
            options: ConformanceOptions(seed: finding.seed, randomizedSteps: 300, checkTimeout: .seconds(600))
        )
        #expect(finding.seed == 99)
        #expect(replay.findings == first.findings)
    }
}
