/// The outcome of one check against one subject.
public struct CheckResult: Hashable, Codable, Sendable {
    /// How a check ended.
    public enum Outcome: Hashable, Codable, Sendable {
        /// The provider did everything the check asked as the contract requires.
        case passed
        /// The provider broke the contract; every finding says where.
        case failed([Finding])
        /// The check needs a capability the subject does not declare; counted apart from passes.
        case unsupported(String)
        /// The check does not apply (for example a cross-check of a capability that is declared),
        /// or its tier was not selected.
        case skipped(String)

        private enum CodingKeys: String, CodingKey {
            case status, findings, reason
        }

        /// Decodes `{"status": "passed"}`, `{"status": "failed", "findings": […]}`, or
        /// `{"status": "unsupported" or "skipped", "reason": "…"}`.
        ///
        /// - Throws: `DecodingError` for another status or a missing field.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let status = try container.decode(String.self, forKey: .status)
            switch status {
            case "passed": self = .passed
            case "failed": self = .failed(try container.decode([Finding].self, forKey: .findings))
            case "unsupported": self = .unsupported(try container.decode(String.self, forKey: .reason))
            case "skipped": self = .skipped(try container.decode(String.self, forKey: .reason))
            default:
                throw DecodingError.dataCorruptedError(
                    forKey: .status,
                    in: container,
                    debugDescription: "a status is passed, failed, unsupported or skipped, not \"\(status)\""
                )
            }
        }

        /// Encodes the outcome as an object with a `status` (`passed`, `failed`, `unsupported`,
        /// `skipped`) and, by status, `findings` or `reason`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .passed:
                try container.encode("passed", forKey: .status)
            case .failed(let findings):
                try container.encode("failed", forKey: .status)
                try container.encode(findings, forKey: .findings)
            case .unsupported(let reason):
                try container.encode("unsupported", forKey: .status)
                try container.encode(reason, forKey: .reason)
            case .skipped(let reason):
                try container.encode("skipped", forKey: .status)
                try container.encode(reason, forKey: .reason)
            }
        }
    }

    /// The check's identifier, for example `ENUM-02`.
    public var checkID: String
    /// The check's title.
    public var title: String
    /// The check's area.
    public var area: CheckArea
    /// How the check ended.
    public var outcome: Outcome
    /// How long the check took, in seconds.
    public var seconds: Double
    /// The seed the check ran with.
    public var seed: UInt64
    /// Facts the check reports that are not findings, such as a randomized run's speed.
    public var remarks: [String]
    /// The identifiers of the contract clauses the check verifies (``ConformanceCheck/clauses``).
    public var clauses: [String]

    /// Creates a result.
    public init(
        checkID: String,
        title: String,
        area: CheckArea,
        outcome: Outcome,
        seconds: Double,
        seed: UInt64,
        remarks: [String] = [],
        clauses: [String] = []
    ) {
        self.checkID = checkID
        self.title = title
        self.area = area
        self.outcome = outcome
        self.seconds = seconds
        self.seed = seed
        self.remarks = remarks
        self.clauses = clauses
    }

    /// The findings of a failed check; empty otherwise.
    public var findings: [Finding] {
        if case .failed(let findings) = outcome { findings } else { [] }
    }

    /// Whether the check passed.
    public var passed: Bool { outcome == .passed }

    /// Whether the check failed.
    public var failed: Bool { !findings.isEmpty }

    /// Why the check did not run — the reason of an unsupported or skipped check — or `nil` when
    /// it ran.
    public var reasonNotRun: String? {
        switch outcome {
        case .passed, .failed: nil
        case .unsupported(let reason), .skipped(let reason): reason
        }
    }

    /// The outcome in one word: `passed`, `FAILED`, `unsupported` or `skipped`.
    public var status: String {
        switch outcome {
        case .passed: "passed"
        case .failed: "FAILED"
        case .unsupported: "unsupported"
        case .skipped: "skipped"
        }
    }

    /// Whether the check was skipped only because `FILEPROVIDER_CHECK` did not select it.
    var isNotSelected: Bool {
        if case .skipped(let reason) = outcome {
            reason.hasPrefix(ConformanceEnvironment.Overrides.notSelectedPrefix)
        } else {
            false
        }
    }

    private enum CodingKeys: String, CodingKey {
        case checkID, title, area, outcome, seconds, seed, remarks, clauses
    }

    /// Decodes a result as ``encode(to:)`` writes it.
    ///
    /// - Throws: `DecodingError` when a field is missing or the seed is not a decimal string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        checkID = try container.decode(String.self, forKey: .checkID)
        title = try container.decode(String.self, forKey: .title)
        area = try container.decode(CheckArea.self, forKey: .area)
        outcome = try container.decode(Outcome.self, forKey: .outcome)
        seconds = try container.decode(Double.self, forKey: .seconds)
        seed = try SeedCoding.decode(from: container, forKey: .seed)
        remarks = try container.decode([String].self, forKey: .remarks)
        clauses = try container.decode([String].self, forKey: .clauses)
    }

    /// Encodes the fields, with the seed as a decimal string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(checkID, forKey: .checkID)
        try container.encode(title, forKey: .title)
        try container.encode(area, forKey: .area)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(seconds, forKey: .seconds)
        try SeedCoding.encode(seed, to: &container, forKey: .seed)
        try container.encode(remarks, forKey: .remarks)
        try container.encode(clauses, forKey: .clauses)
    }
}
