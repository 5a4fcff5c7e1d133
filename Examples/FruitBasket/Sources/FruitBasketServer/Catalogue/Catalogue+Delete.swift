import FruitBasketAPI

extension Catalogue {
    /// Deletes `account`'s item permanently, with its descendants when `recursive`; deleting an
    /// identifier that does not exist (or is another account's) succeeds and changes nothing.
    ///
    /// - Parameter base: the version the deletion is based on (`If-Match`).
    /// - Throws: ``APIErrorBody`` `reservedItem`; `versionMismatch` carrying the current item
    ///   when `base` is not its version; `directoryNotEmpty` for a folder with children without
    ///   `recursive`.
    public func delete(_ id: String, base: WireVersion, recursive: Bool, account: String) async throws {
        try Self.refuseReserved(id)
        try await change { transaction in
            let sql = transaction.sql
            guard let current = try await Self.record(id, account: account, in: sql)?.item else { return }
            if WireVersion(content: current.contentVersion, metadata: current.metadataVersion) != base {
                throw APIErrorBody(
                    .versionMismatch,
                    "The deletion is based on \(base.entityTag); the server has \(current.entityTag).",
                    item: current
                )
            }
            if !recursive, (current.childCount ?? 0) > 0 {
                throw APIErrorBody(.directoryNotEmpty, "The folder has children; delete it recursively.")
            }
            var pending = [id]
            while let next = pending.popLast() {
                let children = try await sql.query(
                    "SELECT id FROM items WHERE account = ? AND parent = ?",
                    [.text(account), .text(next)]
                )
                pending += children.compactMap { $0["id"].string }
                let blobs = try await sql.query("SELECT id, size FROM blobs WHERE item = ?", [.text(next)])
                for blob in blobs {
                    guard let blobID = blob["id"].string else { continue }
                    try await Self.removeBlob(blobID, size: blob["size"].int64 ?? 0, in: transaction)
                }
                try await sql.run("DELETE FROM items WHERE id = ? AND account = ?", [.text(next), .text(account)])
                try await sql.run(
                    "INSERT INTO tombstones (id, account, sequence) VALUES (?, ?, ?)",
                    [.text(next), .text(account), .integer(transaction.nextSequence())]
                )
            }
        }
    }
}
