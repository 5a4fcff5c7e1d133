import FileProviderKit
import Foundation

/// Reduces a failing operation sequence to a small one that still fails, by removing chunks of
/// operations (halves, then quarters, down to single steps) and replaying on fresh providers.
struct Shrinker {
    /// A failing sequence, its failure, and what each of its steps resolved to when it ran: names,
    /// identifiers and fields.
    struct Shrunk {
        var operations: [ModelOperation]
        var failure: RandomizedRun.Failure
        var resolvedSteps: [String]
    }

    let makeFixture: @Sendable () async throws -> ProviderFixture
    let capabilities: ProviderCapabilities
    let caseRule: FilenameCaseRule
    /// The most replays the shrinker may spend.
    let replayBudget: Int

    /// The shortest failing sequence found, its failure and its resolved steps.
    func shrink(_ operations: [ModelOperation], failure: RandomizedRun.Failure) async -> Shrunk {
        var best = Shrunk(operations: Array(operations.prefix(failure.step)), failure: failure, resolvedSteps: [])
        var replays = 0
        var chunk = max(1, best.operations.count / 2)
        while chunk >= 1, replays < replayBudget {
            var start = 0
            var removedAny = false
            while start < best.operations.count, replays < replayBudget {
                var candidate = best.operations
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                replays += 1
                if let shrunk = await replay(candidate) {
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
        if best.resolvedSteps.isEmpty, let shrunk = await replay(best.operations) { best = shrunk }
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
