import FileProviderConformance
import Testing

/// A randomized run holds its operations in memory, so the number asked for is clamped: a huge
/// `randomizedSteps` must not size an allocation that kills the process.
@Suite("Randomized step bound")
struct RandomizedStepsBoundTests {
    @Test("huge step counts are clamped, small ones kept", arguments: [Int.max, Int.max - 1, 1 << 40])
    func hugeStepCounts(steps: Int) {
        let options = ConformanceOptions(randomizedSteps: steps)
        #expect(options.effectiveRandomizedSteps == 10_000_000)
        #expect(ConformanceOptions.maximumRandomizedSteps == 10_000_000)
    }

    @Test("step counts below 1 run one step, others run as asked")
    func smallStepCounts() {
        #expect(ConformanceOptions(randomizedSteps: 0).effectiveRandomizedSteps == 1)
        #expect(ConformanceOptions(randomizedSteps: 300).effectiveRandomizedSteps == 300)
    }
}
