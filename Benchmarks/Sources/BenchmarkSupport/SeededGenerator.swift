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

/// `count` distinct whole numbers of `range` picked at random from `seed` (all of them when the
/// range is shorter), in the order picked.
public func distinctRandomNumbers(_ count: Int, in range: ClosedRange<Int>, seed: UInt64) -> [Int] {
    var random = SeededGenerator(seed: seed)
    var picked = Set<Int>(minimumCapacity: count)
    var order: [Int] = []
    while order.count < min(count, range.count) {
        let number = Int.random(in: range, using: &random)
        if picked.insert(number).inserted { order.append(number) }
    }
    return order
}
