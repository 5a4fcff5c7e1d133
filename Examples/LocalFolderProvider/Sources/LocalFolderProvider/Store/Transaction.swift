import FileProviderKit

/// One acknowledged change of the provider's state: the records it writes, the items it deletes,
/// and the counters after it. It is the unit of the journal: a transaction is on disk in full or
/// not at all, and applying it twice is the same as applying it once.
struct Transaction: Codable, Sendable {
    /// A deletion, at the rank that reports it.
    struct Removal: Codable, Sendable {
        var identifier: ItemIdentifier
        var rank: UInt64
    }

    var records: [ItemRecord] = []
    var removals: [Removal] = []
    var lastRank: UInt64
    var nextSerial: UInt64
    /// The session opened by this transaction; `nil` in transactions that open none (and in those
    /// journaled before sessions were journaled).
    var session: UInt64?

    var isEmpty: Bool { records.isEmpty && removals.isEmpty }
}
