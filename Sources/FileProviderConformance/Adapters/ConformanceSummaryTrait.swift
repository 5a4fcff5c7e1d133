#if canImport(Testing) && compiler(>=6.1)
import Testing

/// A Swift Testing trait that prints the conformance summary once every case of a parameterised
/// conformance test has ended: the per-area table, the checks that did not run and why, and the
/// closing line. Write it as `.conformanceSummary`:
///
/// ```swift
/// @Test(.conformanceSummary, arguments: Conformance.checks(for: .standard))
/// func conformance(_ check: ConformanceCheck) async throws {
///     try await Conformance.run(check, against: subject).record()
/// }
/// ```
///
/// Every result recorded inside the test (``CheckResult/record(sourceLocation:)`` or
/// ``CheckResult/recordIssues(sourceLocation:)``) counts; the summary is printed even when a case
/// fails.
public struct ConformanceSummaryTrait: TestTrait, TestScoping {
    /// Scopes the whole test, not each of its cases.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? self : nil
    }

    /// Runs every case of the test, collecting their results, then prints the summary.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let collector = ConformanceSummaryCollector()
        defer { collector.printSummary(of: test.name) }
        try await ConformanceSummaryCollector.$current.withValue(collector) {
            try await function()
        }
    }
}

extension Trait where Self == ConformanceSummaryTrait {
    /// Prints the conformance summary once every case of the test has ended
    /// (``ConformanceSummaryTrait``).
    public static var conformanceSummary: Self { ConformanceSummaryTrait() }
}
#endif
