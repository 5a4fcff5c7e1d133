import Benchmark
import FileProviderConformance
import Foundation
import Synchronization

/// The speed issue #10 asks of the randomized model runs: at least 20,000 operations per second
/// (median) against the reference provider, with every invariant checked after every step.
/// Each iteration runs one check of 2,000 operations with the next seed (1, 2, 3 …), and prints
/// its rate; the tables give the minimum and median wall-clock and CPU time per run (on a busy
/// machine, the CPU time is the steadier figure).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(60),
        maxIterations: 9
    )

    Benchmark("7a. Randomized run: MODEL-01 (local operations), 2,000 operations") { benchmark in
        try await RandomizedRunBenchmark.run("MODEL-01", benchmark)
    }

    Benchmark("7b. Randomized run: MODEL-02 (local and remote operations), 2,000 operations") { benchmark in
        try await RandomizedRunBenchmark.run("MODEL-02", benchmark)
    }
}

enum RandomizedRunBenchmark {
    static let steps = 2_000
    static let seeds = Mutex<[String: UInt64]>([:])

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `checkID` against the reference provider with the next seed, measuring the run only.
    static func run(_ checkID: String, _ benchmark: Benchmark) async throws {
        guard let check = Conformance.check(withID: checkID) else { throw Failed(description: "no check \(checkID)") }
        let seed = seeds.withLock { seeds in
            seeds[checkID, default: 0] += 1
            return seeds[checkID, default: 1]
        }
        let options = ConformanceOptions(seed: seed, randomizedSteps: steps)
        let clock = ContinuousClock()
        benchmark.startMeasurement()
        let start = clock.now
        let report = await Conformance.run(check, against: .referenceProvider(), options: options)
        let elapsed = start.duration(to: clock.now)
        benchmark.stopMeasurement()
        guard report.passed else { throw Failed(description: "\(checkID) failed with seed \(seed)") }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(
            "\(checkID) seed \(seed): \(steps) operations in \(Int(seconds * 1_000)) ms, \(Int(Double(steps) / seconds)) operations/s"
        )
    }
}
