/// How a conformance run proceeds.
public struct ConformanceOptions: Sendable {
    /// How much of the suite to run. Default: ``ConformanceTier/standard``.
    public var tier: ConformanceTier
    /// The seed every check and randomized run derives its randomness from. Default: a random seed,
    /// printed in every finding so the run can be replayed.
    public var seed: UInt64
    /// The number of operations in each randomized run; `nil` takes the tier's
    /// ``ConformanceTier/randomizedSteps``. At most ``maximumRandomizedSteps`` are run.
    public var randomizedSteps: Int?
    /// How long one check may take before it fails as hung. Default: 60 seconds.
    public var checkTimeout: Duration
    /// The environment whose `FILEPROVIDER_CHECK` and `FILEPROVIDER_SEED` select the checks and
    /// replace ``seed``, so a finding's replay line works from `swift test`. Default:
    /// ``ConformanceEnvironment/process``; ``ConformanceEnvironment/ignored`` applies the options
    /// as written.
    public var environment: ConformanceEnvironment

    /// Creates options.
    public init(
        tier: ConformanceTier = .standard,
        seed: UInt64 = UInt64.random(in: 0...UInt64.max),
        randomizedSteps: Int? = nil,
        checkTimeout: Duration = .seconds(60),
        environment: ConformanceEnvironment = .process
    ) {
        self.tier = tier
        self.seed = seed
        self.randomizedSteps = randomizedSteps
        self.checkTimeout = checkTimeout
        self.environment = environment
    }

    /// The most operations one randomized run performs, whatever ``randomizedSteps`` asks: a run
    /// holds its operations in memory, so a larger number would exhaust it rather than run longer.
    public static let maximumRandomizedSteps = 10_000_000

    /// The number of operations in each randomized run: ``randomizedSteps`` (or the tier's)
    /// clamped to 1...``maximumRandomizedSteps``.
    public var effectiveRandomizedSteps: Int {
        min(max(1, randomizedSteps ?? tier.randomizedSteps), Self.maximumRandomizedSteps)
    }
}
