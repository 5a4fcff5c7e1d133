/// A 64-bit linear congruential generator with an xorshift output (Knuth's MMIX constants):
/// small and seedable, so that every run picks the same items.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence `seed` fixes.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next number of the sequence.
    public mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}
