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

    /// Creates a finding.
    public init(
        checkID: String,
        message: String,
        expected: String? = nil,
        actual: String? = nil,
        operations: [String] = [],
        seed: UInt64
    ) {
        self.checkID = checkID
        self.message = message
        self.expected = expected
        self.actual = actual
        self.operations = operations
        self.seed = seed
    }

    /// The message, expected and actual values, the operations and the seed, over several lines.
    public var description: String {
        var lines = ["[\(checkID)] \(message)"]
        if let expected { lines.append("  expected: \(expected)") }
        if let actual { lines.append("  actual:   \(actual)") }
        if !operations.isEmpty {
            lines.append("  operations:")
            lines += operations.enumerated().map { "    \($0.offset + 1). \($0.element)" }
        }
        lines.append("  replay: --check \(checkID) --seed \(seed)")
        return lines.joined(separator: "\n")
    }
}
