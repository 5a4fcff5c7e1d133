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
    /// At most how many operations of a randomized run pass between two checks of the domain's
    /// state; every call's answer is checked as it returns whatever the interval. `nil` takes
    /// ``defaultRandomizedCheckInterval``; 1 checks after every operation, which names the exact
    /// operation a finding's state went wrong at but runs several times slower. Values below 1
    /// count as 1.
    public var randomizedCheckInterval: Int?
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
        randomizedCheckInterval: Int? = nil,
        checkTimeout: Duration = .seconds(60),
        environment: ConformanceEnvironment = .process
    ) {
        self.tier = tier
        self.seed = seed
        self.randomizedSteps = randomizedSteps
        self.randomizedCheckInterval = randomizedCheckInterval
        self.checkTimeout = checkTimeout
        self.environment = environment
    }

    /// The most operations one randomized run performs, whatever ``randomizedSteps`` asks: a run
    /// holds its operations in memory, so a larger number would exhaust it rather than run longer.
    public static let maximumRandomizedSteps = 10_000_000

    /// The operations between two state checks of a randomized run unless
    /// ``randomizedCheckInterval`` says otherwise: a check costs about as much as eight ordinary
    /// operations.
    public static let defaultRandomizedCheckInterval = 8

    /// The operations between two state checks of a randomized run: ``randomizedCheckInterval``
    /// (or ``defaultRandomizedCheckInterval``), at least 1.
    public var effectiveRandomizedCheckInterval: Int {
        max(1, randomizedCheckInterval ?? Self.defaultRandomizedCheckInterval)
    }

    /// The number of operations in each randomized run: ``randomizedSteps`` (or the tier's)
    /// clamped to 1...``maximumRandomizedSteps``.
    public var effectiveRandomizedSteps: Int {
        min(max(1, randomizedSteps ?? tier.randomizedSteps), Self.maximumRandomizedSteps)
    }
}
