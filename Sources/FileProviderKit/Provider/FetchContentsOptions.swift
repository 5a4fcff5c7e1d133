/// Options of ``PartialContentFetching/fetchPartialContents(for:version:request:minimalRange:aligningTo:options:)``.
/// Bit values are Apple's.
public struct FetchContentsOptions: OptionSet, Hashable, Codable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt

    /// Creates a set from its bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Only the requested version will do: when it is gone, fail with
    /// ``FileProviderError/Code/versionNoLongerAvailable`` rather than return another.
    public static let strictVersioning = FetchContentsOptions(rawValue: 1 << 0)
}
