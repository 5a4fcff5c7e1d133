#if canImport(XCTest)
import XCTest

extension ConformanceReport {
    /// Fails the current XCTest test once per finding of every failed check, each failure carrying
    /// the finding's message, the operations that led to it and the seed to replay it.
    ///
    /// ```swift
    /// func testConformance() async {
    ///     let report = await Conformance.run(subject)
    ///     report.assertNoFailures()
    /// }
    /// ```
    public func assertNoFailures(file: StaticString = #filePath, line: UInt = #line) {
        for finding in findings {
            XCTFail(finding.description, file: file, line: line)
        }
    }
}
#endif
