import BenchmarkSupport
import FileProviderConformance
import Synchronization

/// The randomized-run goal: operations per second of the conformance suite's seeded run of local
/// and remote operations (`MODEL-02`) against the reference provider, invalid operations as often
/// as valid writes, the replica, a listing and the model compared at every check of the state.
/// Each repetition runs `steps` operations with its own seed (1, 2, 3 … in every run).
///
/// Measured side by side: the state checked every `ConformanceOptions.defaultRandomizedCheckInterval`
/// operations (the suite's default, the goal), and after every operation (interval 1, how every
/// run checked before), each on the wall clock and per second of CPU time (every thread of the
/// process), which other programs' load disturbs much less.
enum RandomizedRunThroughput {
    static func goal(_ runner: RatioRunner, steps: Int) async throws -> Bool {
        guard let check = Conformance.check(withID: "MODEL-02") else {
            print("MODEL-02 is not in the catalogue: no randomized figure.\n")
            return false
        }
        let interval = ConformanceOptions.defaultRandomizedCheckInterval
        var held = true
        for (checkInterval, bound) in [(interval, 20_000.0), (1, 0)] {
            let label =
                checkInterval == 1 ? "checked after every operation" : "checked every \(checkInterval) operations"
            let name = "Randomized run of \(steps) operations (MODEL-02, reference provider, \(label))"
            let cpuSeconds = CPUSeconds()
            let seeds = SeedSequence()
            let holds = try await runner.figure(name, unit: " ops/s", bound: .atLeast(bound)) {
                guard let timing = await run(check, steps: steps, seed: seeds.next(), checkInterval: checkInterval)
                else {
                    cpuSeconds.append(.infinity)
                    return 0
                }
                cpuSeconds.append(RatioRunner.seconds(timing.cpu))
                return Double(steps) / RatioRunner.seconds(timing.wall)
            }
            let perCPUSecond = cpuSeconds.values.dropFirst(runner.warmUps).map { Double(steps) / $0 }
            print("  per CPU second: \(perCPUSecond.map { String(Int($0)) }.joined(separator: ", ")) ops/s\n")
            if checkInterval == interval { held = holds }
        }
        return held
    }

    /// Runs MODEL-02 once; `nil` when it does not pass (the figure then counts 0 ops/s).
    private static func run(
        _ check: ConformanceCheck,
        steps: Int,
        seed: UInt64,
        checkInterval: Int
    ) async -> RatioRunner.Timing? {
        let options = ConformanceOptions(
            seed: seed,
            randomizedSteps: steps,
            randomizedCheckInterval: checkInterval,
            environment: .ignored
        )
        var result: CheckResult?
        let timing = await RatioRunner.time {
            result = await Conformance.run(check, against: .referenceProvider(), options: options)
        }
        guard let result, result.passed else {
            print("  MODEL-02 did not pass: \(result.map { "\($0.outcome)" } ?? "no result")")
            return nil
        }
        return timing
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

/// The CPU seconds of each run of a figure, warm-ups first.
private final class CPUSeconds: Sendable {
    private let recorded = Mutex<[Double]>([])

    var values: [Double] { recorded.withLock { $0 } }

    func append(_ seconds: Double) {
        recorded.withLock { $0.append(seconds) }
    }
}
