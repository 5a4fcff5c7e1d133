#if canImport(XCTest)
import XCTest

extension ConformanceReport {
    /// Fails the current XCTest test once per finding of every failed check, each failure carrying
    /// the finding's message, the operations that led to it and the line that replays it
    /// (`FILEPROVIDER_CHECK=… FILEPROVIDER_SEED=… swift test --filter` the calling test method),
    /// then prints ``summary``: the per-area table, every check that did not run with the reason,
    /// and the closing line.
    ///
    /// ```swift
    /// func testConformance() async {
    ///     let report = await Conformance.run(subject)
    ///     report.assertNoFailures()
    /// }
    /// ```
    public func assertNoFailures(
        file: StaticString = #filePath,
        line: UInt = #line,
        function: StaticString = #function
    ) {
        let filter = String("\(function)".prefix { $0 != "(" })
        for finding in findings {
            XCTFail(finding.description(replay: finding.replayCommand(testFilter: filter)), file: file, line: line)
        }
        print(summary)
    }
}
#endif
