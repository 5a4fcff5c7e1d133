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
}
