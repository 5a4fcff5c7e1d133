/// Progress of a conformance run, for a caller that shows it while the run goes on.
public enum ConformanceEvent: Sendable {
    /// A check is about to run; `index` counts from 1 up to `count`.
    case started(ConformanceCheck, index: Int, count: Int)
    /// A check ended.
    case finished(CheckResult, index: Int, count: Int)
}
