import Foundation

/// Measures the goals of the benchmarks side by side in one run: each repetition runs the two
/// sides of a ratio back to back, in alternating order (numerator first in even repetitions,
/// denominator first in odd ones) so that drift in the machine's load hits both, after
/// `warmUps` unrecorded runs of each. It prints the minimum and median of each side and of the
/// per-repetition ratios, and whether the median meets the goal.
///
/// The runner knows nothing of what it measures: a side is a closure that does its own untimed
/// setup and returns the duration of the measured part (``time(_:)`` helps).
public struct RatioRunner: Sendable {
    /// One side of a ratio: a label and a closure that returns the duration measured.
    public struct Side: Sendable {
        /// How the side is printed.
        public let label: String
        /// Runs the side's setup, then the measured part; returns the duration of the measured part.
        public let run: @Sendable () async throws -> Duration

        /// A side named `label`.
        public init(_ label: String, run: @escaping @Sendable () async throws -> Duration) {
            self.label = label
            self.run = run
        }
    }

    /// Whether a figure must stay at most or at least at its goal.
    public enum Bound: Sendable {
        case atMost(Double)
        case atLeast(Double)

        func holds(_ value: Double) -> Bool {
            switch self {
            case .atMost(let limit): value <= limit
            case .atLeast(let limit): value >= limit
            }
        }

        func describe(_ unit: String) -> String {
            switch self {
            case .atMost(let limit): "≤ \(format(limit))\(unit)"
            case .atLeast(let limit): "≥ \(format(limit))\(unit)"
            }
        }
    }

    /// The recorded repetitions, at least 1.
    public let repetitions: Int
    /// The unrecorded runs of each side before them.
    public let warmUps: Int

    /// A runner of `repetitions` (at least 1) after `warmUps` unrecorded runs.
    public init(repetitions: Int, warmUps: Int) {
        self.repetitions = max(1, repetitions)
        self.warmUps = max(0, warmUps)
    }

    /// Measures `numerator ÷ denominator` and prints both sides and the ratio.
    ///
    /// - Parameter limit: the goal, or `nil` for a ratio printed for reference only.
    /// - Returns: whether the median ratio is at most `limit` (`true` without a limit).
    @discardableResult
    public func ratio(_ name: String, limit: Double?, numerator: Side, denominator: Side) async throws -> Bool {
        let goal = limit.map { "goal ≤ \(format($0))×" } ?? "for reference, no goal"
        print("\(name) (\(goal)): \(repetitions) repetitions after \(warmUps) warm-up, alternating")
        for _ in 0..<warmUps {
            _ = try await numerator.run()
            _ = try await denominator.run()
        }
        var numerators: [Double] = []
        var denominators: [Double] = []
        for repetition in 0..<repetitions {
            let (top, bottom): (Duration, Duration)
            if repetition.isMultiple(of: 2) {
                top = try await numerator.run()
                bottom = try await denominator.run()
            } else {
                bottom = try await denominator.run()
                top = try await numerator.run()
            }
            numerators.append(milliseconds(top))
            denominators.append(milliseconds(bottom))
        }
        let ratios = zip(numerators, denominators).map { $0 / $1 }
        let width = max(numerator.label.count, denominator.label.count, 5)
        printLine(numerator.label, numerators, unit: " ms", width: width)
        printLine(denominator.label, denominators, unit: " ms", width: width)
        let holds = limit.map { median(ratios) <= $0 } ?? true
        let verdict = limit == nil ? nil : holds ? "holds" : "MISSED"
        printLine("ratio", ratios, unit: "×", width: width, verdict: verdict)
        print("")
        return holds
    }

    /// Measures a figure `repetitions` times (after the warm-ups) and prints it.
    ///
    /// - Returns: whether the median meets `bound`.
    @discardableResult
    public func figure(
        _ name: String,
        unit: String,
        bound: Bound,
        sample: @Sendable () async throws -> Double
    )
        async throws -> Bool
    {
        print("\(name) (goal \(bound.describe(unit))): \(repetitions) repetitions after \(warmUps) warm-up")
        for _ in 0..<warmUps { _ = try await sample() }
        var values: [Double] = []
        for _ in 0..<repetitions { values.append(try await sample()) }
        let holds = bound.holds(median(values))
        printLine("value", values, unit: unit, width: 5, verdict: holds ? "holds" : "MISSED")
        print("")
        return holds
    }

    /// The duration of `work`.
    public static func time(_ work: () async throws -> Void) async rethrows -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try await work()
        return clock.now - start
    }

    private func printLine(_ label: String, _ values: [Double], unit: String, width: Int, verdict: String? = nil) {
        let padded = label.padding(toLength: width, withPad: " ", startingAt: 0)
        let low = format(values.min() ?? 0) + unit
        let middle = format(median(values)) + unit
        let tail = verdict.map { "  \($0) (median)" } ?? ""
        print("  \(padded)  min \(low.padding(toLength: 14, withPad: " ", startingAt: 0))median \(middle)\(tail)")
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    private func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}

/// `value` with three significant decimals at most, without rounding to whole thousands.
private func format(_ value: Double) -> String {
    let magnitude = abs(value)
    let decimals = magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : 3
    return String(format: "%.\(decimals)f", value)
}
