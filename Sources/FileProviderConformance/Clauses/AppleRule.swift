/// One behavioural rule of Apple's File Provider framework, and how this package verifies it.
///
/// Apple's headers and documentation state what the system relies on; the numbered list that a
/// conformance harness can check (rules 1 to 86, taken from the headers, Apple's articles, its
/// engineers' forum answers and real providers' bugs) is what ``AppleRule/all`` walks. Each rule
/// says how strongly Apple states it and how the package answers it: by clauses of its own
/// behavioural contract (each verified by at least two checks), by a type that cannot express a
/// violation, as something the system rather than the provider must do, or as a deliberate
/// difference of the port. The package's tests fail when a rule Apple states as a requirement
/// names no clause and no other answer, or names a clause that does not exist or has fewer than
/// two checks.
public struct AppleRule: Identifiable, Hashable, Sendable, CustomStringConvertible {
    /// How firmly Apple states a rule.
    public enum Strength: String, Hashable, Sendable, CaseIterable {
        /// A documented requirement ("must", or a consequence the headers spell out).
        case must
        /// A documented recommendation.
        case should
        /// Observed in real providers or said by Apple's engineers, not in the headers.
        case observed
    }

    /// How the package answers a rule.
    public enum Coverage: Hashable, Sendable {
        /// Verified by these clauses of the behavioural contract (identifiers such as `R6.3`).
        case clauses([String])
        /// The contract's types cannot express a violation; the text names the type and how.
        case enforcedByType(String)
        /// The rule binds the system, its configuration or the host, not the provider the suite
        /// drives; the text says who keeps it.
        case outsideTheProvider(String)
        /// The port deliberately differs from Apple's framework here; the text gives the reason
        /// (`Documentation/ComingFromApple.md` lists every difference).
        case portedDifferently(String)
    }

    /// The rule's number in the list, 1 to 86.
    public let number: Int
    /// How firmly Apple states it.
    public let strength: Strength
    /// The rule in a sentence.
    public let summary: String
    /// How the package answers it.
    public let coverage: Coverage

    init(_ number: Int, _ strength: Strength, _ summary: String, _ coverage: Coverage) {
        self.number = number
        self.strength = strength
        self.summary = summary
        self.coverage = coverage
    }

    /// The identifier, `APPLE-<number>`, for example `APPLE-26`.
    public var id: String { "APPLE-\(number)" }

    /// The identifier and the summary.
    public var description: String { "\(id) (\(summary))" }

    /// The identifiers of the clauses that verify the rule; empty unless ``coverage`` is
    /// ``Coverage/clauses(_:)``.
    public var clauseIDs: [String] {
        if case .clauses(let identifiers) = coverage { identifiers } else { [] }
    }

    /// Every rule, in order of number.
    public static var all: [AppleRule] { AppleRuleCatalogue.all }
}

extension AppleRule {
    /// Every rule as a Markdown table with one row per rule: identifier, strength, the rule, and
    /// how the package answers it. The conformance guide publishes it, and
    /// `fileprovider-conformance --apple-rules` prints it.
    public static var markdownTable: String {
        var lines = ["| Rule | Apple says | The rule | Answered by |", "| --- | --- | --- | --- |"]
        for rule in all {
            lines.append("| \(rule.id) | \(rule.strength.rawValue) | \(rule.summary) | \(rule.coverage.markdown) |")
        }
        return lines.joined(separator: "\n")
    }
}

extension AppleRule.Coverage {
    /// The answer in a table cell: the clauses, or the kind of answer and its reason.
    var markdown: String {
        switch self {
        case .clauses(let identifiers): identifiers.joined(separator: ", ")
        case .enforcedByType(let reason): "by type: \(reason)"
        case .outsideTheProvider(let reason): "not the provider's: \(reason)"
        case .portedDifferently(let reason): "ported differently: \(reason)"
        }
    }
}
