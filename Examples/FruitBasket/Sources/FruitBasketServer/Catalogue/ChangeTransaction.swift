import FruitBasketAPI

/// One change to the store in progress: its statements, the sequence numbers it took and the
/// bytes it stored or freed, saved to `meta` when it ends.
final class ChangeTransaction {
    /// Runs statements in the transaction.
    let sql: any SQLExecutor
    /// The `meta` row as the transaction began.
    let meta: Meta
    /// The byte limit, or `nil`.
    let quota: Int64?
    /// The latest sequence number taken.
    private(set) var sequence: Int64
    /// The bytes stored, as changed so far.
    private(set) var storedBytes: Int64

    init(sql: any SQLExecutor, meta: Meta, quota: Int64?) {
        self.sql = sql
        self.meta = meta
        self.quota = quota
        sequence = meta.sequence
        storedBytes = meta.storedBytes
    }

    /// Whether a sequence number or a byte count changed.
    var changed: Bool { sequence != meta.sequence }

    /// Takes the next sequence number.
    func nextSequence() -> Int64 {
        sequence += 1
        return sequence
    }

    /// Counts `delta` bytes more (or fewer) stored.
    ///
    /// - Throws: ``APIErrorBody`` `quotaExceeded` when more bytes would exceed the quota.
    func store(_ delta: Int64) throws {
        if delta > 0, let quota, storedBytes + delta > quota {
            throw APIErrorBody(
                .quotaExceeded,
                "Storing \(delta) more bytes would exceed the quota of \(quota) (\(storedBytes) stored)."
            )
        }
        storedBytes += delta
    }

    /// Writes the sequence and byte count to `meta`.
    func save() async throws {
        guard sequence != meta.sequence || storedBytes != meta.storedBytes else { return }
        try await sql.run(
            "UPDATE meta SET sequence = ?, stored_bytes = ? WHERE id = 1",
            [.integer(sequence), .integer(storedBytes)]
        )
    }
}
