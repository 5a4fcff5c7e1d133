import FileProviderKit
import Foundation

/// Seeded, model-based randomized runs (`MODEL-…`).
enum ModelChecks {
    static let all: [ConformanceCheck] = [localOperations, localAndRemoteOperations]

    static let localOperations = ConformanceCheck(
        "MODEL-01",
        .model,
        "a seeded run of local operations keeps replica, listing and model equal after every step",
        rule: "Rules 2–16 together",
        clauses: [
            "R1.1", "R1.2", "R2.1", "R2.6", "R3.3", "R4.1", "R6.1", "R6.2", "R6.3", "R6.4", "R6.5", "R8.1", "R11.2",
            "R13.3", "R13.6", "R13.7", "R14.2", "R15.3", "R16.2", "API.1",
        ],
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
        "a seeded run of local and remote operations keeps replica, listing and model equal after every step",
        rule: "Rules 2–16 together",
        clauses: [
            "R1.1", "R1.2", "R2.1", "R2.6", "R3.3", "R4.1", "R6.1", "R6.2", "R6.3", "R6.4", "R6.5", "R6.8", "R8.1",
            "R11.2", "R13.3", "R13.6", "R13.7", "R14.2", "R15.3", "R16.2", "API.1",
        ],
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
            fixture: ProviderFixture(provider: context.provider, remote: context.remoteHooks),
            capabilities: capabilities,
            caseRule: context.caseRule,
            scratch: ScratchFolder.unique("fileprovider-model")
        )
        let clock = ContinuousClock()
        let start = clock.now
        do {
            try await run.run(operations)
        } catch let failure as RandomizedRun.Failure {
            let shrinker = Shrinker(
                makeFixture: context.makeFixture,
                capabilities: capabilities,
                caseRule: context.caseRule,
                replayBudget: 200
            )
            let (minimal, minimalFailure) = await shrinker.shrink(operations, failure: failure)
            for (index, operation) in minimal.enumerated() {
                context.note("step \(index + 1): \(operation)")
            }
            context.fail(
                "step \(failure.step) of \(steps) (\(failure.operation)): \(failure.message); shrunk to \(minimal.count) "
                    + "steps, failing at step \(minimalFailure.step): \(minimalFailure.message)",
                expected: minimalFailure.expected,
                actual: minimalFailure.actual
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
