import FileProviderKit
import Foundation

/// The entry point of the conformance suite: the catalogue of checks and the functions that run
/// them against a ``ConformanceSubject``.
///
/// ```swift
/// let report = await Conformance.run(mySubject)
/// try report.throwIfFailed()
/// ```
public enum Conformance {
    /// The version of the suite. Check identifiers keep their meaning across versions; a new
    /// version may add checks.
    public static let suiteVersion = "1.0"

    /// Every check, ordered by area and number.
    public static var allChecks: [ConformanceCheck] { CheckCatalogue.all }

    /// The checks a tier runs, ordered by area and number.
    public static func checks(for tier: ConformanceTier = .standard) -> [ConformanceCheck] {
        allChecks.filter { $0.tier <= tier }
    }

    /// The check with `id` (case-insensitive), or `nil`.
    public static func check(withID id: String) -> ConformanceCheck? {
        allChecks.first { $0.id.caseInsensitiveCompare(id) == .orderedSame }
    }

    /// The checks that declare the clause with identifier `clauseID`, in catalogue order.
    public static func checks(verifying clauseID: String) -> [ConformanceCheck] {
        allChecks.filter { check in check.clauses.contains { $0.caseInsensitiveCompare(clauseID) == .orderedSame } }
    }

    /// Runs `checks` (by default every check of the options' tier) against `subject`, one at a
    /// time, each on a fresh fixture, and returns the report. Never throws: every problem —
    /// a provider error, a contract violation, a hang, a fixture that cannot be made — becomes a
    /// finding of the check it happened in.
    ///
    /// The options' ``ConformanceOptions/environment`` narrows `checks` to those
    /// `FILEPROVIDER_CHECK` selects and replaces the seed with `FILEPROVIDER_SEED`
    /// (``ConformanceEnvironment``); an unusable value fails every check with a finding saying why.
    public static func run(
        _ subject: ConformanceSubject,
        checks: [ConformanceCheck]? = nil,
        options: ConformanceOptions = ConformanceOptions(),
        progress: (@Sendable (ConformanceEvent) -> Void)? = nil
    ) async -> ConformanceReport {
        var selected = checks ?? Self.checks(for: options.tier)
        var options = options
        if let overrides = try? options.environment.overrides() {
            selected = selected.filter { overrides.selects($0) }
            options.seed = overrides.seed ?? options.seed
        }
        var results: [CheckResult] = []
        for (offset, check) in selected.enumerated() {
            progress?(.started(check, index: offset + 1, count: selected.count))
            let result = await run(check, against: subject, options: options)
            results.append(result)
            progress?(.finished(result, index: offset + 1, count: selected.count))
        }
        return ConformanceReport(
            subjectName: subject.name,
            capabilities: subject.capabilities,
            tier: options.tier,
            seed: options.seed,
            suiteVersion: suiteVersion,
            results: results
        )
    }

    /// Runs one check against a fresh fixture of `subject`.
    ///
    /// The options' ``ConformanceOptions/environment`` applies as in
    /// ``run(_:checks:options:progress:)``: a check that `FILEPROVIDER_CHECK` does not select is
    /// skipped, and `FILEPROVIDER_SEED` replaces the seed.
    public static func run(
        _ check: ConformanceCheck,
        against subject: ConformanceSubject,
        options: ConformanceOptions = ConformanceOptions()
    ) async -> CheckResult {
        let runner = CheckRunner(check: check, subject: subject, options: options)
        let overrides: ConformanceEnvironment.Overrides
        do {
            overrides = try options.environment.overrides()
        } catch {
            return runner.result(.failed([Finding(checkID: check.id, message: error.description, seed: options.seed)]))
        }
        guard overrides.selects(check) else { return runner.result(.skipped(overrides.notSelectedReason)) }
        var options = options
        options.seed = overrides.seed ?? options.seed
        return await CheckRunner(check: check, subject: subject, options: options).run()
    }
}
