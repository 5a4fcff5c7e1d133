import FileProviderKit

/// One change of the provider's state: the records it writes, the items it deletes, and the
/// counters after it. It is the unit of the journal: a transaction is on disk in full or not at
/// all, and applying it twice is the same as applying it once.
///
/// A write's transaction is its *intent*, journaled before the write changes the disk (see
/// ``FolderStore/perform(_:change:)``): it holds the records as they will be once the change is
/// made. Once the change is made the write marks it made with a line of its counters; it counts as
/// done unless the next line abandons it. An intent that is the journal's last line was cut short
/// by a crash, and is checked against the disk at the next start (see ``FolderStore/finish(_:)``).
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
    /// `true` on a write's intent, journaled before its disk change; `nil` on a transaction that
    /// records what is already on disk (a rescan's, a session's).
    var isIntent: Bool?
    /// `true` on the line that abandons the intent just before it: that write's disk change was
    /// not made, and only the intent's counters count (ranks and serials are never handed out
    /// twice). Such a line has no records and no removals.
    var abandonsIntent: Bool?

    var isEmpty: Bool { records.isEmpty && removals.isEmpty }

    /// The line that abandons `intent`: its counters, nothing else.
    static func abandoning(_ intent: Transaction) -> Transaction {
        Transaction(lastRank: intent.lastRank, nextSerial: intent.nextSerial, abandonsIntent: true)
    }

    /// The transaction's counters, without its records and removals: what an abandoned intent
    /// still changes.
    var counters: Transaction {
        Transaction(lastRank: lastRank, nextSerial: nextSerial, session: session)
    }
}
