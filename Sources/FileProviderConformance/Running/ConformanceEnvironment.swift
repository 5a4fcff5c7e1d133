import Foundation

/// The environment variables that replay a finding against your own provider from `swift test`.
///
/// Every finding ends with the line that replays it, for example
/// `replay: FILEPROVIDER_CHECK=CHG-07 FILEPROVIDER_SEED=42 swift test --filter MyTests.conformance`.
/// Both forms of ``Conformance/run(_:checks:options:progress:)`` read the variables from
/// ``ConformanceOptions/environment`` (by default the process's environment), so the line works
/// whichever way your tests call the suite:
///
/// - `FILEPROVIDER_CHECK`: the checks to run, as a comma-separated list of identifiers or areas,
///   case-insensitive, for example `CHG-07`, `CHG-07,ENUM-02` or `CHG`. The whole-run form runs
///   only those; the one-check form reports every other check as skipped (the Swift Testing
///   adapter skips those cases silently).
/// - `FILEPROVIDER_SEED`: the seed, a whole number from 0 to `UInt64.max`; it replaces
///   ``ConformanceOptions/seed``.
///
/// A value that names no check or area, or a seed that is not a whole number in range, fails
/// every check with a finding that says so, rather than running a different selection.
public struct ConformanceEnvironment: Hashable, Sendable {
    /// The variable that selects checks: `FILEPROVIDER_CHECK`.
    public static let checkVariable = "FILEPROVIDER_CHECK"
    /// The variable that fixes the seed: `FILEPROVIDER_SEED`.
    public static let seedVariable = "FILEPROVIDER_SEED"

    /// The variables, by name; only ``checkVariable`` and ``seedVariable`` are read.
    public var variables: [String: String]

    /// An environment holding `variables`.
    public init(_ variables: [String: String]) {
        self.variables = variables
    }

    /// The process's environment, read when the property is.
    public static var process: ConformanceEnvironment {
        ConformanceEnvironment(ProcessInfo.processInfo.environment)
    }

    /// An environment that selects nothing and fixes no seed: the options apply as written.
    public static let ignored = ConformanceEnvironment([:])

    /// The checks the environment selects out of `checks`, and the seed it fixes.
    ///
    /// - Throws: ``ConformanceEnvironment/InvalidValue`` when a selector names no check or area,
    ///   or when the seed is not a whole number from 0 to `UInt64.max`.
    func overrides() throws(InvalidValue) -> Overrides {
        var overrides = Overrides()
        if let text = value(of: Self.checkVariable) {
            let selectors = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            for selector in selectors where !Conformance.allChecks.contains(where: { Self.matches(selector, $0) }) {
                throw InvalidValue(
                    description:
                        "\(Self.checkVariable)=\(text) names no check or area \"\(selector)\"; use identifiers such as ENUM-02 or areas such as CHG, separated by commas"
                )
            }
            overrides.selectors = selectors
        }
        if let text = value(of: Self.seedVariable) {
            guard let seed = UInt64(text) else {
                throw InvalidValue(
                    description: "\(Self.seedVariable)=\(text) is not a whole number from 0 to \(UInt64.max)"
                )
            }
            overrides.seed = seed
        }
        return overrides
    }

    private func value(of name: String) -> String? {
        guard let value = variables[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    private static func matches(_ selector: String, _ check: ConformanceCheck) -> Bool {
        check.id.caseInsensitiveCompare(selector) == .orderedSame
            || check.area.rawValue.caseInsensitiveCompare(selector) == .orderedSame
    }

    /// A variable whose value cannot be used, with the sentence that says why.
    public struct InvalidValue: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong with the value and what to write instead.
        public var description: String
    }

    /// What the environment changes in a run.
    struct Overrides {
        /// The selectors of ``ConformanceEnvironment/checkVariable``; `nil` selects every check.
        var selectors: [String]?
        /// The seed of ``ConformanceEnvironment/seedVariable``, if set.
        var seed: UInt64?

        /// Whether the check is selected.
        func selects(_ check: ConformanceCheck) -> Bool {
            selectors.map { $0.contains { ConformanceEnvironment.matches($0, check) } } ?? true
        }

        /// Why an unselected check did not run.
        var notSelectedReason: String {
            "\(Self.notSelectedPrefix)\(ConformanceEnvironment.checkVariable)=\(selectors?.joined(separator: ",") ?? "")"
        }

        /// The start of every ``notSelectedReason``.
        static let notSelectedPrefix = "not selected by "
    }
}
