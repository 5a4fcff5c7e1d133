import FileProviderKit

/// Collects the results the Swift Testing adapter records inside one test, for the summary the
/// `conformanceSummary` trait prints when the test ends.
final class ConformanceSummaryCollector: Sendable {
    /// The collector of the test running in this task, if it has the trait.
    @TaskLocal static var current: ConformanceSummaryCollector?

    private let results = LockedValue<[CheckResult]>([])

    /// Counts `result`.
    func add(_ result: CheckResult) {
        results.withLock { $0.append(result) }
    }

    /// The results counted so far, in catalogue order.
    var collected: [CheckResult] {
        let order = Dictionary(
            Conformance.allChecks.enumerated().map { ($0.element.id, $0.offset) },
            uniquingKeysWith: { first, _ in first }
        )
        return results.withLock { $0 }.sorted { (order[$0.checkID] ?? .max) < (order[$1.checkID] ?? .max) }
    }

    /// Prints the summary of the results of the test named `testName`, unless it recorded none,
    /// ending with how many checks `FILEPROVIDER_CHECK` left out.
    func printSummary(of testName: String) {
        print(summary(of: testName) ?? "", terminator: "")
    }

    /// The summary ``printSummary(of:)`` prints, or `nil` when the test recorded no result.
    func summary(of testName: String) -> String? {
        let collected = collected
        guard !collected.isEmpty else { return nil }
        let results = collected.filter { !$0.isNotSelected }
        var text = "Conformance summary of \(testName):\n\n\(ConformanceReport.summary(of: results))\n"
        if let reason = collected.first(where: \.isNotSelected)?.reasonNotRun {
            text += "(\(ConformanceReport.checkCount(collected.count - results.count)) \(reason))\n"
        }
        return text
    }
}
