/// Flags a partial fetch returns about the range it materialized. Bit values are Apple's.
public struct MaterializationFlags: OptionSet, Hashable, Codable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt

    /// Creates a set from its bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The whole file counts as materialized although it is sparse; only meaningful when the
    /// returned range covers the whole file.
    public static let knownSparseRanges = MaterializationFlags(rawValue: 1 << 0)
}
