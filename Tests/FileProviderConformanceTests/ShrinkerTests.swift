import FileProviderKit
import Foundation
import Testing

@testable import FileProviderConformance

/// The shrinker counts its work, never the time: a failing sequence shrinks to the same small case
/// on any machine, and its budgets bound the replays it makes.
@Suite("The shrinker is bounded by replays, not by the clock")
struct ShrinkerTests {
    /// A provider that drops tag data on writes, as the model comparison tests break it.
    static let subject = ModelComparisonTests.subject(with: .dropsTagData)

    static var caseRule: FilenameCaseRule {
        subject.capabilities.contains(.caseSensitiveFilenames) ? .caseSensitive : .caseInsensitive
    }

    /// 400 operations drawn from seed 7, and the failure a run of them against ``subject`` ends with.
    static func failingRun() async throws -> (operations: [ModelOperation], failure: RandomizedRun.Failure) {
        let operations = ModelOperation.sequence(seed: 7, count: 400, capabilities: subject.capabilities)
        let fixture = try await subject.makeFixture()
        var run = RandomizedRun(
            fixture: fixture,
            capabilities: subject.capabilities,
            caseRule: caseRule,
            scratch: ScratchFolder.unique("fileprovider-shrinker-test")
        )
        var failure: RandomizedRun.Failure?
        do {
            try await run.run(operations)
        } catch let caught as RandomizedRun.Failure {
            failure = caught
        }
        await fixture.tearDown()
        return (operations, try #require(failure, "the run against a provider dropping tag data passed"))
    }

    static func shrinker(
        replayBudget: Int = Shrinker.defaultReplayBudget,
        stepBudget: Int = Shrinker.defaultStepBudget
    )
        -> Shrinker
    {
        var shrinker = Shrinker(
            makeFixture: subject.makeFixture,
            capabilities: subject.capabilities,
            caseRule: caseRule
        )
        shrinker.replayBudget = replayBudget
        shrinker.stepBudget = stepBudget
        return shrinker
    }

    @Test func theSameFailureShrinksToTheSameSmallCaseEveryTime() async throws {
        let (operations, failure) = try await Self.failingRun()
        let first = await Self.shrinker().shrink(operations, failure: failure)
        let second = await Self.shrinker().shrink(operations, failure: failure)
        #expect(first.operations == second.operations)
        #expect(first.resolvedSteps == second.resolvedSteps)
        #expect(first.replays == second.replays)
        #expect(first.failure.step == second.failure.step)
        #expect(first.failure.message == second.failure.message)
        #expect(first.failure.actual == second.failure.actual)
        #expect(first.failure.clauses == ["R13.1", "R13.2"])
        #expect(first.failure.actual?.contains("tagData") == true, "\(first.failure)")
        #expect(first.operations.count <= 3, "shrunk to \(first.operations)")
        #expect(first.operations.count < failure.step)
        #expect(first.replays <= Shrinker.defaultReplayBudget + 1)
    }

    /// Each budget stops the shrinker after as much work, with the shortest failing sequence found
    /// so far; one more replay describes it when none of the counted ones failed. A step budget of
    /// one operation allows the first replay only.
    @Test(arguments: [(replays: 3, steps: Shrinker.defaultStepBudget, most: 4), (replays: 200, steps: 1, most: 2)])
    func aBudgetBoundsTheReplays(budget: (replays: Int, steps: Int, most: Int)) async throws {
        let (operations, failure) = try await Self.failingRun()
        let shrinker = Self.shrinker(replayBudget: budget.replays, stepBudget: budget.steps)
        let first = await shrinker.shrink(operations, failure: failure)
        let second = await shrinker.shrink(operations, failure: failure)
        #expect(first.replays <= budget.most)
        #expect(first.operations == second.operations)
        #expect(first.replays == second.replays)
        #expect(first.operations.count <= failure.step)
        #expect(!first.resolvedSteps.isEmpty)
    }
}
