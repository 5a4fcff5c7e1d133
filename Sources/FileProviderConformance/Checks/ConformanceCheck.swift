/// One check of the conformance suite: a stable identifier, the rule it protects, and the code that
/// exercises a fresh provider and records findings.
///
/// Identifiers (`AREA-NN`) never change meaning once published, so a failure can be looked up and
/// a check re-run alone. Every check's ``rationale`` says which rule of the behavioural contract it
/// protects and what goes wrong for users when a provider breaks it.
public struct ConformanceCheck: Identifiable, Hashable, Sendable, CustomStringConvertible {
    /// The stable identifier, for example `ENUM-02`.
    public let id: String
    /// The area the check belongs to.
    public let area: CheckArea
    /// What the check verifies, in a few words.
    public let title: String
    /// The rule of the behavioural contract it protects, for example "Rule 2 (pages)".
    public let rule: String
    /// The identifiers of the clauses the check verifies, for example `["R6.3"]`; every finding of
    /// the check names them. See ``ContractClause``.
    public let clauses: [String]
    /// Why the rule matters: what breaks for users when a provider gets it wrong.
    public let rationale: String
    /// The capabilities the subject must declare for the check to run; when one is missing the
    /// result is ``CheckResult/Outcome/unsupported(_:)``.
    public let requiredCapabilities: ProviderCapabilities
    /// The capabilities the subject must *not* declare: cross-checks that an undeclared capability
    /// fails properly. When one is declared the result is ``CheckResult/Outcome/skipped(_:)``.
    public let excludedCapabilities: ProviderCapabilities
    /// The lowest tier that runs the check.
    public let tier: ConformanceTier
    let body: @Sendable (CheckContext) async throws -> Void

    init(
        _ id: String,
        _ area: CheckArea,
        _ title: String,
        rule: String,
        clauses: [String] = [],
        rationale: String,
        requires requiredCapabilities: ProviderCapabilities = [],
        excludes excludedCapabilities: ProviderCapabilities = [],
        tier: ConformanceTier = .standard,
        body: @escaping @Sendable (CheckContext) async throws -> Void
    ) {
        self.id = id
        self.area = area
        self.title = title
        self.rule = rule
        self.clauses = clauses
        self.rationale = rationale
        self.requiredCapabilities = requiredCapabilities
        self.excludedCapabilities = excludedCapabilities
        self.tier = tier
        self.body = body
    }

    /// The clauses the check verifies, in the order it declares them; identifiers that name no
    /// clause are left out.
    public var verifiedClauses: [ContractClause] { clauses.compactMap { ContractClause.clause(withID: $0) } }

    /// Why the check cannot run against a subject with `capabilities`, or `nil` when it can.
    public func reasonNotApplicable(to capabilities: ProviderCapabilities) -> CheckResult.Outcome? {
        let missing = requiredCapabilities.subtracting(capabilities)
        if !missing.isEmpty { return .unsupported("the subject does not declare \(missing)") }
        let declared = excludedCapabilities.intersection(capabilities)
        if !declared.isEmpty {
            return .skipped("cross-check of an undeclared capability; the subject declares \(declared)")
        }
        return nil
    }

    /// The identifier and the title, for example `ENUM-02 pages hold at most the suggested size`.
    public var description: String { "\(id) \(title)" }

    /// Checks are equal when their identifiers are.
    public static func == (lhs: ConformanceCheck, rhs: ConformanceCheck) -> Bool { lhs.id == rhs.id }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
