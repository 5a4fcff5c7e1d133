import FileProviderKit
import Foundation

/// How an ``InMemoryStore`` behaves: its case rule, how much change history it keeps, where its
/// time and identifiers come from. Fix the clock and the generator to make a run reproducible.
public struct InMemoryStoreConfiguration: Sendable {
    /// When two names in one folder collide. Default: `FilenameCaseRule.caseInsensitive`.
    public var caseRule: FilenameCaseRule
    /// The most change-log entries kept; anchors that need older entries fail with
    /// `FileProviderError.Code.syncAnchorExpired`. Default: 100,000; values below 1 count as 1.
    public var changeHistoryLimit: Int
    /// The store epoch at creation. Pages and anchors carry it; ``InMemoryStore/resetEpoch()``
    /// bumps it so that they all expire. Default: a fresh epoch drawn for every configuration
    /// (``freshEpoch()``), so that two stores created independently — of one domain, with the
    /// same items — never accept each other's pages and anchors. Give a fixed value, or one drawn
    /// with ``freshEpoch(using:)`` from a seeded generator, to make the tokens reproducible.
    public var initialEpoch: UInt64
    /// The dates stamped on items and the clock of the added latency. Default: the wall clock.
    public var clock: any StoreClock
    /// Makes the identifier of the n-th item the store creates (n = 1, 2, 3 …). It must return
    /// distinct identifiers of 1 to 255 UTF-8 bytes, never a reserved container's; a creation
    /// that gets another fails with `FileProviderError.Code.cannotSynchronize` and changes
    /// nothing. Default: `"i1"`, `"i2"`, `"i3"` ….
    public var identifierGenerator: @Sendable (UInt64) -> ItemIdentifier
    /// The folder fetched content is written to, or `nil` for a fresh folder in the system's
    /// temporary directory that each provider creates on first use and removes when invalidated.
    public var temporaryDirectory: URL?
    /// The largest content, in bytes, a file handed to `createItem` or `modifyItem` may hold:
    /// larger content is refused with `FileProviderError.Code.insufficientQuota` (its underlying
    /// error a `POSIXError` `EFBIG`) before it is read, since the store holds every byte in
    /// memory. A sparse file counts at its size. Default: 1 GiB; values below 0 count as 0.
    public var maximumContentSize: Int64

    /// Creates a configuration; every parameter has the default described on its property.
    public init(
        caseRule: FilenameCaseRule = .caseInsensitive,
        changeHistoryLimit: Int = 100_000,
        initialEpoch: UInt64 = InMemoryStoreConfiguration.freshEpoch(),
        clock: any StoreClock = SystemStoreClock(),
        identifierGenerator: @escaping @Sendable (UInt64) -> ItemIdentifier = { ItemIdentifier("i\($0)") },
        temporaryDirectory: URL? = nil,
        maximumContentSize: Int64 = 1 << 30
    ) {
        self.caseRule = caseRule
        self.changeHistoryLimit = changeHistoryLimit
        self.initialEpoch = initialEpoch
        self.clock = clock
        self.identifierGenerator = identifierGenerator
        self.temporaryDirectory = temporaryDirectory
        self.maximumContentSize = max(0, maximumContentSize)
    }

    /// A random store epoch from the system's generator: what a store created without an explicit
    /// ``initialEpoch`` takes.
    public static func freshEpoch() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return freshEpoch(using: &generator)
    }

    /// A store epoch drawn from `generator`: a seeded generator gives the same sequence of epochs
    /// on every run. The epoch is below 2^63, so that resets never wrap it in practice.
    public static func freshEpoch(using generator: inout some RandomNumberGenerator) -> UInt64 {
        UInt64.random(in: 1...(UInt64.max >> 1), using: &generator)
    }
}
