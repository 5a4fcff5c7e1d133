/// One numbered clause of the behavioural contract: a single promise a provider makes, small
/// enough that one check can show it broken.
///
/// Clauses split the rules of the guide's behavioural contract (identifiers `R<rule>.<n>`, for
/// example `R6.3`) and the promises of the public doc comments that no rule restates
/// (identifiers `API.<n>`). Identifiers never change meaning once published. Every clause is
/// verified by at least two checks (``Conformance/checks(verifying:)``), and every finding names
/// the clauses its check protects.
public struct ContractClause: Identifiable, Hashable, Sendable, CustomStringConvertible {
    /// The stable identifier, for example `R6.3`.
    public let id: String
    /// The rule of the behavioural contract the clause belongs to, or `nil` for a promise of a
    /// public doc comment that no rule restates.
    public let rule: Int?
    /// The promise in a few words, for example "moves are updates, never delete+create".
    public let title: String
    /// The promise in full.
    public let text: String

    init(_ id: String, rule: Int?, _ title: String, _ text: String) {
        self.id = id
        self.rule = rule
        self.title = title
        self.text = text
    }

    /// The identifier and the title, for example `R6.3 (moves are updates, never delete+create)`.
    public var description: String { "\(id) (\(title))" }

    /// Every clause, ordered by rule and number, then the doc-comment promises.
    public static var all: [ContractClause] { ClauseCatalogue.all }

    /// The clause with `id` (case-insensitive), or `nil`.
    public static func clause(withID id: String) -> ContractClause? {
        ClauseCatalogue.byID[id.uppercased()]
    }
}
