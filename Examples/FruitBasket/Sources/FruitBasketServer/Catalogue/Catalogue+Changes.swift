import FruitBasketAPI

extension Catalogue {
    /// One batch of `account`'s change feed after `cursor` (see ``ChangeBatch``): its items changed
    /// since in the order of their latest change, then the deletions since, at most `limit`
    /// together, a folder before its children within the batch. Costs O(changes) through the
    /// indexes on `metadata_version` and on the tombstones' sequence.
    ///
    /// - Throws: ``APIErrorBody`` `cursorExpired` for a cursor of another epoch, one ahead of the
    ///   store, one older than the history floor, or not the server's; `invalidRequest` (limit).
    public func changes(after cursor: String, limit: Int, account: String) async throws -> ChangeBatch {
        try Self.validateLimit(limit)
        return try await database.read { sql in
            let meta = try await Self.meta(sql)
            guard let token = ChangeCursor(cursor), token.epoch == meta.epoch, token.updates <= meta.sequence,
                token.deletions <= token.updates, token.deletions >= meta.historyFloor
            else { throw APIErrorBody(.cursorExpired, "The change cursor cannot be continued from; list again.") }
            let rows = try await sql.query(
                """
                SELECT \(ItemRecord.columns) FROM items WHERE account = ? AND metadata_version > ?
                ORDER BY metadata_version LIMIT ?
                """,
                [.text(account), .integer(token.updates), .integer(Int64(limit + 1))]
            )
            var updates = try rows.map { try ItemRecord(row: $0).item }
            var next = ChangeCursor(epoch: meta.epoch, updates: meta.sequence, deletions: token.deletions)
            var deleted: [String] = []
            var moreComing = false
            if updates.count > limit {
                updates.removeLast()
                next.updates = updates.last?.metadataVersion ?? token.updates
                moreComing = true
            } else {
                let room = limit - updates.count
                let tombstones = try await sql.query(
                    "SELECT id, sequence FROM tombstones WHERE account = ? AND sequence > ? ORDER BY sequence LIMIT ?",
                    [.text(account), .integer(token.deletions), .integer(Int64(room + 1))]
                )
                let batch = tombstones.prefix(room)
                deleted = batch.compactMap { $0["id"].string }
                moreComing = tombstones.count > room
                next.deletions = moreComing ? (batch.last?["sequence"].int64 ?? token.deletions) : meta.sequence
            }
            let ordered = try await Self.parentsFirst(updates, account: account, sql: sql)
            return ChangeBatch(updated: ordered, deleted: deleted, cursor: next.encoded, moreComing: moreComing)
        }
    }

    /// `items` ordered by depth (stably), so a folder comes before its descendants.
    private static func parentsFirst(
        _ items: [WireItem],
        account: String,
        sql: any SQLExecutor
    ) async throws -> [WireItem] {
        var depths: [String: Int] = [WireIdentifiers.root: 0, WireIdentifiers.trash: 0]
        var result: [(depth: Int, index: Int, item: WireItem)] = []
        for (index, item) in items.enumerated() {
            var chain: [String] = []
            var cursor = item.parent
            while depths[cursor] == nil {
                chain.append(cursor)
                guard
                    let row = try await sql.first(
                        "SELECT parent FROM items WHERE id = ? AND account = ?",
                        [.text(cursor), .text(account)]
                    ),
                    let parent = row["parent"].string
                else {
                    depths[cursor] = 0
                    chain.removeLast()
                    break
                }
                cursor = parent
            }
            var depth = depths[cursor] ?? 0
            for ancestor in chain.reversed() {
                depth += 1
                depths[ancestor] = depth
            }
            result.append((depth + 1, index, item))
        }
        return result.sorted { ($0.depth, $0.index) < ($1.depth, $1.index) }.map(\.item)
    }
}
