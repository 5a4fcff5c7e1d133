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
    /// Records one Swift Testing issue per finding; an unsupported or skipped check records none.
    ///
    /// Call it from a test parameterised over ``Conformance/checks(for:)``:
    ///
    /// ```swift
    /// @Test(arguments: Conformance.checks(for: .standard))
    /// func conformance(_ check: ConformanceCheck) async {
    ///     await Conformance.run(check, against: subject).recordIssues()
    /// }
    /// ```
    public func recordIssues(sourceLocation: SourceLocation = #_sourceLocation) {
        for finding in findings {
            Issue.record(Comment(rawValue: finding.description), sourceLocation: sourceLocation)
        }
    }
}

extension ConformanceReport {
    /// Records one Swift Testing issue per finding of every failed check.
    public func recordIssues(sourceLocation: SourceLocation = #_sourceLocation) {
        for result in results {
            result.recordIssues(sourceLocation: sourceLocation)
        }
    }
}
#endif
