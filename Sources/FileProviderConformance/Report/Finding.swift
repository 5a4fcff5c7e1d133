/// One way a provider broke the contract, with what the harness expected, what it saw, and the
/// operations that led there.
public struct Finding: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The identifier of the check that made the finding, for example `ENUM-02`.
    public var checkID: String
    /// What went wrong, in one sentence.
    public var message: String
    /// What the contract requires, when it can be stated as a value.
    public var expected: String?
    /// What the provider did instead.
    public var actual: String?
    /// The operations the check performed, in order, up to the finding.
    public var operations: [String]
    /// The seed of the run; replaying the check with it repeats the same operations.
    public var seed: UInt64
    /// The identifiers of the contract clauses the finding violates, for example `["R6.3"]`: the
    /// clauses its check verifies, or, for a randomized run, those of them its failure shows
    /// violated (``ContractClause/clause(withID:)`` gives their text).
    public var clauses: [String]

    /// Creates a finding.
    public init(
        checkID: String,
        message: String,
        expected: String? = nil,
        actual: String? = nil,
        operations: [String] = [],
        seed: UInt64,
        clauses: [String] = []
    ) {
        self.checkID = checkID
        self.message = message
        self.expected = expected
        self.actual = actual
        self.operations = operations
        self.seed = seed
        self.clauses = clauses
    }

    /// The clauses the finding violates, each with its title, for example
    /// `violates R6.3 (moves are updates, never delete+create)`; `nil` when it names none.
    public var violatedClauses: String? {
        guard !clauses.isEmpty else { return nil }
        return "violates "
            + clauses.map { id in ContractClause.clause(withID: id).map { "\($0)" } ?? id }.joined(separator: ", ")
    }

    /// The environment that replays the finding from your own `swift test`, for example
    /// `FILEPROVIDER_CHECK=CHG-07 FILEPROVIDER_SEED=42` (see ``ConformanceEnvironment``).
    public var replayEnvironment: String {
        "\(ConformanceEnvironment.checkVariable)=\(checkID) \(ConformanceEnvironment.seedVariable)=\(seed)"
    }

    /// The command that replays the finding from `swift test`: ``replayEnvironment`` followed by
    /// `swift test`, and by `--filter testFilter` when one is given (the test function that runs
    /// the suite, for example `MyProviderTests.conformance`).
    public func replayCommand(testFilter: String? = nil) -> String {
        "\(replayEnvironment) swift test" + (testFilter.map { " --filter \($0)" } ?? "")
    }

    /// The message, expected and actual values, the operations, and the line that replays the
    /// finding from `swift test` (``replayCommand(testFilter:)``), over several lines.
    public var description: String { description(replay: replayCommand()) }

    /// The message, expected and actual values and the operations over several lines, ending with
    /// `replay: ` and `replay`, the command to show for replaying the finding.
    public func description(replay: String) -> String {
        var lines = ["[\(checkID)] \(message)"]
        if let violatedClauses { lines.append("  \(violatedClauses)") }
        if let expected { lines.append("  expected: \(expected)") }
        if let actual { lines.append("  actual:   \(actual)") }
        if !operations.isEmpty {
            lines.append("  operations:")
            lines += operations.enumerated().map { "    \($0.offset + 1). \($0.element)" }
        }
        lines.append("  replay: \(replay)")
        return lines.joined(separator: "\n")
    }

    private enum CodingKeys: String, CodingKey {
        case checkID, message, expected, actual, operations, seed, clauses, replay
    }

    /// Decodes a finding as ``encode(to:)`` writes it; `replay` is ignored.
    ///
    /// - Throws: `DecodingError` when a field is missing or the seed is not a decimal string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        checkID = try container.decode(String.self, forKey: .checkID)
        message = try container.decode(String.self, forKey: .message)
        expected = try container.decodeIfPresent(String.self, forKey: .expected)
        actual = try container.decodeIfPresent(String.self, forKey: .actual)
        operations = try container.decode([String].self, forKey: .operations)
        seed = try SeedCoding.decode(from: container, forKey: .seed)
        clauses = try container.decode([String].self, forKey: .clauses)
    }

    /// Encodes the fields, the seed as a decimal string, and `replay`: ``replayEnvironment``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(checkID, forKey: .checkID)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(expected, forKey: .expected)
        try container.encodeIfPresent(actual, forKey: .actual)
        try container.encode(operations, forKey: .operations)
        try SeedCoding.encode(seed, to: &container, forKey: .seed)
        try container.encode(clauses, forKey: .clauses)
        try container.encode(replayEnvironment, forKey: .replay)
    }
}
