import FileProviderKit
import Foundation

/// Reduces a failing operation sequence to a small one that still fails, by removing the steps that
/// only observe (listings, fetches, catch-ups) and the invalid calls all at once, then chunks of
/// operations (halves, then quarters, down to single steps), replaying on fresh providers.
///
/// Slots resolve against the model's items when a step runs, so removing a write usually changes
/// what every later step does and the failure goes; removing a step that only observes changes
/// nothing the later ones resolve against. Those are often half a run, scattered between the
/// writes, so chunks seldom remove them and single steps come too late for the replay budget.
///
/// The shrinker counts its work, never the time: it stops after ``replayBudget`` replays or once
/// its replays have run ``stepBudget`` operations, whichever comes first. The same failing
/// sequence therefore shrinks to the same result on any machine, however loaded.
struct Shrinker {
    /// A failing sequence, its failure, and what each of its steps resolved to when it ran: names,
    /// identifiers and fields.
    struct Shrunk {
        var operations: [ModelOperation]
        var failure: RandomizedRun.Failure
        var resolvedSteps: [String]
        /// The replays the shrinker made to find it.
        var replays = 0
    }

    /// The replays a randomized check's finding may spend on shrinking.
    static let defaultReplayBudget = 200

    /// The operations a randomized check's finding may replay in all while shrinking: about two
    /// seconds against the reference provider, and well within a check's time limit against a
    /// provider ten times slower.
    static let defaultStepBudget = 40_000

    let makeFixture: @Sendable () async throws -> ProviderFixture
    let capabilities: ProviderCapabilities
    let caseRule: FilenameCaseRule
    /// The most replays the shrinker may spend.
    var replayBudget = Shrinker.defaultReplayBudget
    /// The most operations the shrinker's replays may run in all, so that a long failing run
    /// reports its finding well within the check's time limit: a finding shrunk less beats a
    /// timeout naming none.
    var stepBudget = Shrinker.defaultStepBudget
    /// The most steps between two checks of the state in each replay, as in the run that failed.
    var checkInterval = ConformanceOptions.defaultRandomizedCheckInterval

    /// The shortest failing sequence found, its failure and its resolved steps.
    func shrink(_ operations: [ModelOperation], failure: RandomizedRun.Failure) async -> Shrunk {
        var best = Shrunk(operations: Array(operations.prefix(failure.step)), failure: failure, resolvedSteps: [])
        var replays = 0
        var replayedSteps = 0
        var spent: Bool { replays >= replayBudget || replayedSteps >= stepBudget }
        /// Replays a candidate, counting the replay and its operations.
        func attempt(_ candidate: [ModelOperation]) async -> Shrunk? {
            replays += 1
            replayedSteps += candidate.count
            return await replay(candidate)
        }
        // The steps that only observe, with the invalid calls (most of which must fail) or without.
        let removable: [@Sendable (ModelOperation) -> Bool] = [
            { $0.onlyObserves || $0.isInvalid }, { $0.onlyObserves },
        ]
        for remove in removable where !spent {
            guard let last = best.operations.last else { break }
            let candidate = best.operations.dropLast().filter { !remove($0) } + [last]
            guard candidate.count < best.operations.count else { continue }
            if let shrunk = await attempt(candidate) {
                best = shrunk
                break
            }
        }
        var chunk = max(1, best.operations.count / 2)
        while chunk >= 1, !spent {
            var start = 0
            var removedAny = false
            while start < best.operations.count, !spent {
                var candidate = best.operations
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                if let shrunk = await attempt(candidate) {
                    best = shrunk
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny {
                if chunk == 1 { break }
                chunk = max(1, chunk / 2)
            }
        }
        if best.resolvedSteps.isEmpty, let shrunk = await attempt(best.operations) { best = shrunk }
        best.replays = replays
        return best
    }

    /// Replays `operations` on a fresh provider; returns the failing prefix with its failure and
    /// resolved steps, or `nil` when the run passes.
    func replay(_ operations: [ModelOperation]) async -> Shrunk? {
        guard let fixture = try? await makeFixture() else { return nil }
        var run = RandomizedRun(
            fixture: fixture,
            capabilities: capabilities,
            caseRule: caseRule,
            scratch: ScratchFolder.unique("fileprovider-shrink")
        )
        run.recordsResolvedSteps = true
        run.checkInterval = checkInterval
        var shrunk: Shrunk?
        do {
            try await run.run(operations)
        } catch let failure as RandomizedRun.Failure {
            shrunk = Shrunk(
                operations: Array(operations.prefix(failure.step)),
                failure: failure,
                resolvedSteps: run.resolvedSteps.count < failure.step
                    ? run.resolvedSteps + [failure.operation] : run.resolvedSteps
            )
        } catch {
            shrunk = nil
        }
        await fixture.tearDown()
        return shrunk
    }
}
