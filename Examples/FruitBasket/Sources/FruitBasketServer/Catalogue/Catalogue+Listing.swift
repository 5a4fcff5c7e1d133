import FruitBasketAPI

extension Catalogue {
    /// The most items a page or batch holds.
    public static let maximumLimit = 1000

    /// One keyset page of the children of `account`'s folder `folder` in `order`, after `cursor`
    /// (from the start when `nil`): O(log n + limit).
    ///
    /// - Throws: ``APIErrorBody`` `noSuchItem` when `folder` is not a container; `cursorExpired`
    ///   for a cursor of another epoch, folder or order, or not the server's; `invalidRequest`
    ///   for a limit outside 1 to ``maximumLimit``.
    public func children(
        of folder: String,
        order: ListingOrder,
        cursor: String?,
        limit: Int,
        account: String
    ) async throws
        -> ListingPage
    {
        try Self.validateLimit(limit)
        return try await database.read { sql in
            try await Self.validateContainer(folder, account: account, sql: sql)
            let meta = try await Self.meta(sql)
            let after = try Self.listingCursor(cursor, epoch: meta.epoch, folder: folder, order: order.rawValue)
            let rows: [SQLRow]
            switch (order, after) {
            case (.name, nil):
                rows = try await sql.query(
                    """
                    SELECT \(ItemRecord.columns), name_key FROM items WHERE account = ? AND parent = ?
                    ORDER BY name_key LIMIT ?
                    """,
                    [.text(account), .text(folder), .integer(Int64(limit))]
                )
            case (.name, let after?):
                rows = try await sql.query(
                    """
                    SELECT \(ItemRecord.columns), name_key FROM items WHERE account = ? AND parent = ?
                    AND name_key > ? ORDER BY name_key LIMIT ?
                    """,
                    [.text(account), .text(folder), SQLValue(after.key), .integer(Int64(limit))]
                )
            case (.date, nil):
                rows = try await sql.query(
                    """
                    SELECT \(ItemRecord.columns), date_key FROM items WHERE account = ? AND parent = ?
                    ORDER BY date_key, id LIMIT ?
                    """,
                    [.text(account), .text(folder), .integer(Int64(limit))]
                )
            case (.date, let after?):
                rows = try await sql.query(
                    """
                    SELECT \(ItemRecord.columns), date_key FROM items
                    WHERE account = ? AND parent = ? AND (date_key, id) > (?, ?) ORDER BY date_key, id LIMIT ?
                    """,
                    [.text(account), .text(folder), SQLValue(after.date), .text(after.id), .integer(Int64(limit))]
                )
            }
            let items = try rows.map { try ItemRecord(row: $0).item }
            guard rows.count == limit, let last = rows.last, let id = last["id"].string else {
                return ListingPage(items: items, next: nil)
            }
            let next = ListingCursor(
                epoch: meta.epoch,
                folder: folder,
                order: order.rawValue,
                key: last["name_key"].string,
                date: last["date_key"].double,
                id: id
            )
            return ListingPage(items: items, next: next.encoded)
        }
    }

    /// One keyset page of every item of `account` (trashed ones included) by identifier, after
    /// `cursor`.
    ///
    /// - Throws: ``APIErrorBody`` `cursorExpired`, `invalidRequest` (limit).
    public func allItems(cursor: String?, limit: Int, account: String) async throws -> ListingPage {
        try Self.validateLimit(limit)
        return try await database.read { sql in
            let meta = try await Self.meta(sql)
            let after = try Self.listingCursor(cursor, epoch: meta.epoch, folder: "", order: "id")
            let rows = try await sql.query(
                "SELECT \(ItemRecord.columns) FROM items WHERE account = ? AND id > ? ORDER BY id LIMIT ?",
                [.text(account), .text(after?.id ?? ""), .integer(Int64(limit))]
            )
            let items = try rows.map { try ItemRecord(row: $0).item }
            guard items.count == limit, let last = items.last else { return ListingPage(items: items, next: nil) }
            let next = ListingCursor(epoch: meta.epoch, folder: "", order: "id", key: nil, date: nil, id: last.id)
            return ListingPage(items: items, next: next.encoded)
        }
    }

    /// Checks a page or batch limit.
    ///
    /// - Throws: ``APIErrorBody`` `invalidRequest`.
    static func validateLimit(_ limit: Int) throws {
        guard (1...maximumLimit).contains(limit) else {
            throw APIErrorBody(.invalidRequest, "The limit must be 1 to \(maximumLimit); \(limit) was given.")
        }
    }

    /// The listing cursor `text` names, `nil` for none.
    ///
    /// - Throws: ``APIErrorBody`` `cursorExpired` for one that is not the server's or is of
    ///   another epoch, folder or order.
    private static func listingCursor(
        _ text: String?,
        epoch: String,
        folder: String,
        order: String
    ) throws
        -> ListingCursor?
    {
        guard let text else { return nil }
        guard let cursor = ListingCursor(text), cursor.epoch == epoch, cursor.folder == folder,
            cursor.order == order
        else { throw APIErrorBody(.cursorExpired, "The listing cursor cannot be continued from; list again.") }
        return cursor
    }
}
