import BenchmarkSupport
import FileProviderConformance
import Synchronization

/// The randomized-run goal: operations per second of the conformance suite's seeded run of local
/// and remote operations (`MODEL-02`) against the reference provider, the replica, the listing and
/// the model compared after every step. Each repetition runs `steps` operations with its own seed.
enum RandomizedRunThroughput {
    static func goal(_ runner: RatioRunner, steps: Int) async throws -> Bool {
        guard let check = Conformance.check(withID: "MODEL-02") else {
            print("MODEL-02 is not in the catalogue: no randomized figure.\n")
            return false
        }
        let seeds = SeedSequence()
        return try await runner.figure(
            "Randomized run of \(steps) operations (MODEL-02, reference provider)",
            unit: " ops/s",
            bound: .atLeast(20_000)
        ) {
            let options = ConformanceOptions(seed: seeds.next(), randomizedSteps: steps)
            var result: CheckResult?
            let timing = await RatioRunner.time {
                result = await Conformance.run(check, against: .referenceProvider(), options: options)
            }
            guard let result, result.passed else {
                print("  MODEL-02 did not pass: \(result.map { "\($0.outcome)" } ?? "no result")")
                return 0
            }
            return Double(steps) / RatioRunner.seconds(timing.wall)
        }
    }
}

/// Seeds 1, 2, 3 …: each repetition runs another history, the same in every run.
private final class SeedSequence: Sendable {
    private let last = Mutex<UInt64>(0)

    func next() -> UInt64 {
        last.withLock {
            $0 += 1
            return $0
        }
    }
}
