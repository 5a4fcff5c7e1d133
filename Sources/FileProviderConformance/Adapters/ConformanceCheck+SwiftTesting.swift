#if canImport(Testing)
import Testing

extension ConformanceCheck: CustomTestStringConvertible, CustomTestArgumentEncodable {
    /// The identifier and title, as the test runner shows each case of a parameterised test.
    public var testDescription: String { description }

    /// Encodes the stable identifier, so the runner can re-run one check alone.
    public func encodeTestArgument(to encoder: some Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }
}

extension CheckResult {
    /// Records the result in the current Swift Testing test, and skips the test case when the check
    /// did not run.
    ///
    /// Does what ``recordIssues(sourceLocation:)`` does, then, for an unsupported or skipped check,
    /// cancels the current test case, so test reports and IDEs show it as skipped rather than
    /// passed. Call it from a test parameterised over ``Conformance/checks(for:)``:
    ///
    /// ```swift
    /// @Test(.conformanceSummary, arguments: Conformance.checks(for: .standard))
    /// func conformance(_ check: ConformanceCheck) async throws {
    ///     try await Conformance.run(check, against: subject).record()
    /// }
    /// ```
    ///
    /// - Throws: the error of Swift Testing's test cancellation, for a check that did not run.
    public func record(sourceLocation: SourceLocation = #_sourceLocation) throws {
        recordIssues(sourceLocation: sourceLocation)
        #if compiler(>=6.3)
        if let reason = reasonNotRun {
            try Test.cancel(Comment(rawValue: "\(checkID) \(status): \(reason)"), sourceLocation: sourceLocation)
        }
        #endif
    }

    /// Records one Swift Testing issue per finding, each ending with the line that replays it from
    /// `swift test` against your provider (`FILEPROVIDER_CHECK=… FILEPROVIDER_SEED=… swift test
    /// --filter` the current test). An unsupported or skipped check records a warning with the
    /// reason, so it never reads as a pass; one that `FILEPROVIDER_CHECK` did not select records
    /// nothing. Inside a test with the `conformanceSummary` trait (``ConformanceSummaryTrait``),
    /// the result also counts towards the summary printed when the test ends.
    public func recordIssues(sourceLocation: SourceLocation = #_sourceLocation) {
        let filter = Test.current.map { Self.testFilter(forTestID: "\($0.id)") }
        for finding in findings {
            Issue.record(
                Comment(rawValue: finding.description(replay: finding.replayCommand(testFilter: filter))),
                sourceLocation: sourceLocation
            )
        }
        if let reason = reasonNotRun, !isNotSelected {
            let comment = Comment(rawValue: "\(checkID) \(title): \(status), \(reason)")
            #if compiler(>=6.3)
            Issue.record(comment, severity: .warning, sourceLocation: sourceLocation)
            #else
            print("⚠︎ \(comment.rawValue)")
            #endif
        }
        ConformanceSummaryCollector.current?.add(self)
    }

    /// The `--filter` that selects the test with identifier `testID` (for example
    /// `MyTests.Suite/conformance(_:)/File.swift:12:2`): the identifier up to its parameters,
    /// `MyTests.Suite/conformance`.
    static func testFilter(forTestID testID: String) -> String {
        String(testID.prefix { $0 != "(" })
    }
}

extension ConformanceReport {
    /// Records one Swift Testing issue per finding of every failed check, and a warning for every
    /// check that did not run (see ``CheckResult/recordIssues(sourceLocation:)``), then prints
    /// ``summary``.
    public func recordIssues(sourceLocation: SourceLocation = #_sourceLocation) {
        for result in results {
            result.recordIssues(sourceLocation: sourceLocation)
        }
        print(summary)
    }
}
#endif
