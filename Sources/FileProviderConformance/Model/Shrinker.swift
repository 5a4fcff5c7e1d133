import FileProviderKit
import Foundation

/// Reduces a failing operation sequence to a small one that still fails, by removing chunks of
/// operations (halves, then quarters, down to single steps) and replaying on fresh providers.
struct Shrinker {
    let makeFixture: @Sendable () async throws -> ProviderFixture
    let capabilities: ProviderCapabilities
    let caseRule: FilenameCaseRule
    /// The most replays the shrinker may spend.
    let replayBudget: Int

    /// The shortest failing sequence found, and its failure.
    func shrink(
        _ operations: [ModelOperation],
        failure: RandomizedRun.Failure
    ) async -> ([ModelOperation], RandomizedRun.Failure) {
        var best = Array(operations.prefix(failure.step))
        var bestFailure = failure
        var replays = 0
        var chunk = max(1, best.count / 2)
        while chunk >= 1, replays < replayBudget {
            var start = 0
            var removedAny = false
            while start < best.count, replays < replayBudget {
                var candidate = best
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                replays += 1
                if let candidateFailure = await replay(candidate) {
                    best = Array(candidate.prefix(candidateFailure.step))
                    bestFailure = candidateFailure
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
        return (best, bestFailure)
    }

    /// Replays `operations` on a fresh provider; returns the failure, or `nil` when the run passes.
    func replay(_ operations: [ModelOperation]) async -> RandomizedRun.Failure? {
        guard let fixture = try? await makeFixture() else { return nil }
        var run = RandomizedRun(
            fixture: fixture,
            capabilities: capabilities,
            caseRule: caseRule,
            scratch: ScratchFolder.unique("fileprovider-shrink")
        )
        let failure: RandomizedRun.Failure?
        do {
            try await run.run(operations)
            failure = nil
        } catch {
            failure = error as? RandomizedRun.Failure
        }
        await fixture.tearDown()
        return failure
    }
}
