import FileProviderKit
import Foundation

/// Seeded, model-based randomized runs (`MODEL-…`).
enum ModelChecks {
    static let all: [ConformanceCheck] = [localOperations, localAndRemoteOperations]

    /// The clauses a run of local operations verifies at each check of its state: the listing
    /// equals the model in every field, versions and dates move exactly with the changes, every failing call
    /// has its exact code and changes nothing, and the rare steps (store resets, offline windows,
    /// cancelled and concurrent calls, older versions, large content, backlogs) keep their promises.
    /// A finding names only the clauses its failure shows violated (a field that differs, a wrong
    /// error code, a change the host's replica missed) or, when it cannot tell, the clause of the
    /// operation that failed — never the whole list, and never a clause about a capability the
    /// subject does not declare.
    static let localClauses = [
        "R1.1", "R1.2", "R2.1", "R2.3", "R2.4", "R2.6", "R2.7", "R2.9", "R3.2", "R3.3", "R3.4", "R4.1", "R5.1", "R5.2",
        "R6.1", "R6.2",
        "R6.3", "R6.4",
        "R6.5",
        "R6.7", "R6.9", "R6.10", "R6.14", "R6.20", "R7.2", "R8.1", "R8.2", "R9.1", "R9.4", "R10.1", "R10.2", "R10.3",
        "R10.4", "R10.5", "R11.1", "R11.2", "R11.3", "R11.4", "R12.1", "R12.2", "R12.3", "R12.4", "R13.1", "R13.2",
        "R13.3", "R13.4", "R13.5", "R13.6", "R13.7", "R14.1", "R14.2", "R14.3", "R14.5", "R14.7", "R15.1", "R15.2",
        "R15.3", "R16.1",
        "R16.2",
        "R16.3", "R16.4", "R16.5", "R16.6", "R16.8", "R16.9", "R16.10", "API.1", "API.3", "API.4", "API.6",
    ]

    static let localOperations = ConformanceCheck(
        "MODEL-01",
        .model,
        "a seeded run of local operations answers every call as the model does and keeps replica, listing and model equal",
        rule: "Rules 2–16 together",
        clauses: localClauses,
        rationale: "Single-purpose checks miss bugs that need a particular history (a rename after a move after "
            + "a trash); a long seeded run with collisions, stale versions, deleted identifiers and old anchors "
            + "finds them, and shrinking turns them into a few steps to replay.",
        requires: .writing,
        tier: .smoke
    ) { context in
        try await runModel(context, capabilities: context.capabilities.subtracting(.remoteChanges))
    }

    static let localAndRemoteOperations = ConformanceCheck(
        "MODEL-02",
        .model,
        "a seeded run of local and remote operations answers every call as the model does and keeps replica, listing and model equal",
        rule: "Rules 2–16 together",
        clauses: localClauses + ["R6.8"],
        rationale: "Remote changes interleaved with local ones are where real providers lose changes: a scan that "
            + "drops a remote move, an anchor advanced past an undelivered deletion.",
        requires: [.writing, .remoteChanges]
    ) { context in
        try await runModel(context, capabilities: context.capabilities)
    }

    static func runModel(_ context: CheckContext, capabilities: ProviderCapabilities) async throws {
        let steps = context.randomizedSteps
        let operations = ModelOperation.sequence(seed: context.seed, count: steps, capabilities: capabilities)
        context.note(
            "randomized run of \(steps) operations (replay: --check \(context.checkID) --seed \(context.runSeed) --steps \(steps))"
        )
        var run = RandomizedRun(
            fixture: ProviderFixture(
                provider: context.provider,
                remote: context.remoteHooks,
                openAnotherInstance: context.anotherInstance,
                resetStore: context.fixtureHooks.resetStore,
                expireHistory: context.fixtureHooks.expireHistory,
                setReachable: context.fixtureHooks.setReachable,
                failRequest: context.fixtureHooks.failRequest,
                setQuota: context.fixtureHooks.setQuota,
                setAuthenticated: context.fixtureHooks.setAuthenticated
            ),
            capabilities: capabilities,
            caseRule: context.caseRule,
            scratch: ScratchFolder.unique("fileprovider-model")
        )
        run.checkInterval = context.randomizedCheckInterval
        let clock = ContinuousClock()
        let start = clock.now
        do {
            try await run.run(operations)
        } catch let failure as RandomizedRun.Failure {
            var shrinker = Shrinker(
                makeFixture: context.makeFixture,
                capabilities: capabilities,
                caseRule: context.caseRule
            )
            shrinker.checkInterval = context.randomizedCheckInterval
            let shrunk = await shrinker.shrink(operations, failure: failure)
            for (index, resolved) in shrunk.resolvedSteps.enumerated() {
                context.note("step \(index + 1): \(resolved)")
            }
            context.fail(
                "step \(failure.step) of \(steps) (\(failure.operation)): \(failure.message); shrunk to "
                    + "\(shrunk.operations.count) step\(shrunk.operations.count == 1 ? "" : "s"), failing at step \(shrunk.failure.step) "
                    + "(\(shrunk.failure.operation)): \(shrunk.failure.message)",
                clauses: shrunk.failure.clauses.isEmpty ? nil : shrunk.failure.clauses,
                expected: shrunk.failure.expected,
                actual: shrunk.failure.actual
            )
            return
        }
        let elapsed = start.duration(to: clock.now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        context.remark(
            "\(steps) operations in \(String(format: "%.2f", seconds)) s (\(Int(Double(steps) / max(seconds, 1e-9))) operations/s)"
        )
    }
}
