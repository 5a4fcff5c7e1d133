import FruitBasketAPI

extension Catalogue {
    /// Leaves the store room for `remainingBytes` more bytes than it holds now, as an operator
    /// who shrinks a nearly full store's limit would, or, with `nil`, restores the configured
    /// ``quota``. Older content versions count as free room, since an upload that needs room
    /// removes them first: with `remainingBytes` 0, every upload of at least one byte is refused
    /// with ``APIErrorBody`` `quotaExceeded` and changes nothing. The limit is kept in the
    /// database, so every server process of the store applies it.
    ///
    /// - Returns: the limit now in force and the bytes stored.
    /// - Throws: ``APIErrorBody`` `invalidRequest` for a negative `remainingBytes` (nothing
    ///   changes then); the database's error.
    public func setQuota(remainingBytes: Int64?) async throws -> QuotaStatus {
        if let remainingBytes, remainingBytes < 0 {
            throw APIErrorBody(.invalidRequest, "The remaining bytes must be 0 or more; \(remainingBytes) was given.")
        }
        let configured = quota
        return try await database.transaction { sql in
            let meta = try await Self.meta(sql)
            var limit: Int64?
            if let remainingBytes {
                let old = try await sql.first(
                    """
                    SELECT COALESCE(SUM(b.size), 0) AS freeable FROM blobs b WHERE b.state = 'content'
                    AND NOT EXISTS (SELECT 1 FROM items i WHERE i.blob = b.id)
                    """,
                    []
                )
                let freeable = old?["freeable"].int64 ?? 0
                let (total, overflow) = (meta.storedBytes - freeable).addingReportingOverflow(remainingBytes)
                limit = overflow ? Int64.max : total
            }
            try await sql.run("UPDATE meta SET quota_override = ? WHERE id = 1", [limit.map(SQLValue.integer) ?? .null])
            return QuotaStatus(limit: limit ?? configured, storedBytes: meta.storedBytes)
        }
    }
}
