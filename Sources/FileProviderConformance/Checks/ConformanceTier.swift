/// How much of the suite to run. Each tier includes the checks of the tiers below it.
public enum ConformanceTier: String, Hashable, Codable, Sendable, CaseIterable, Comparable {
    /// The checks that catch the most common bugs, in a few seconds against the reference provider.
    case smoke
    /// Every check, with randomized runs of moderate length; the default.
    case standard
    /// Every check, with long randomized runs and large listings.
    case exhaustive

    /// Orders tiers from smoke to exhaustive.
    public static func < (lhs: ConformanceTier, rhs: ConformanceTier) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .smoke: 0
        case .standard: 1
        case .exhaustive: 2
        }
    }

    /// The number of operations in each randomized run of this tier.
    public var randomizedSteps: Int {
        switch self {
        case .smoke: 200
        case .standard: 2_000
        case .exhaustive: 20_000
        }
    }
}
