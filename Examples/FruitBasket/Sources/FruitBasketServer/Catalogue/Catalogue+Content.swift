import Foundation
import FruitBasketAPI
import NIOCore

extension Catalogue {
    /// How long an upload no change names is kept, in seconds.
    static let uploadLifetime: Double = 3600

    /// Stores `body` as an upload of `account` (only its changes can use it), one chunk at a
    /// time, never holding more than a chunk in memory.
    ///
    /// - Returns: the receipt naming the upload.
    /// - Throws: ``APIErrorBody`` `quotaExceeded` as soon as the bytes would exceed the quota
    ///   (what was stored is then removed); the body's error (what was stored is removed).
    public func upload<Body: AsyncSequence & Sendable>(_ body: Body, account: String) async throws -> UploadReceipt
    where Body.Element == ByteBuffer {
        let id = Self.newEpoch() + Self.newEpoch()
        let now = clock().timeIntervalSinceReferenceDate
        try await change { transaction in
            try await Self.removeStaleUploads(before: now - Self.uploadLifetime, in: transaction)
            try await transaction.sql.run(
                """
                INSERT INTO blobs (id, account, state, size, item, content_version, created)
                VALUES (?, ?, 'writing', 0, NULL, NULL, ?)
                """,
                [.text(id), .text(account), .real(now)]
            )
        }
        do {
            var pending: [UInt8] = []
            pending.reserveCapacity(Self.chunkSize)
            var size: Int64 = 0
            var index: Int64 = 0
            for try await buffer in body {
                var buffer = buffer
                while buffer.readableBytes > 0 {
                    let take = min(buffer.readableBytes, Self.chunkSize - pending.count)
                    pending += buffer.readBytes(length: take) ?? []
                    if pending.count == Self.chunkSize {
                        size += Int64(pending.count)
                        try await writeChunk(pending, index: index, of: id, total: size)
                        pending.removeAll(keepingCapacity: true)
                        index += 1
                    }
                }
            }
            if !pending.isEmpty {
                size += Int64(pending.count)
                try await writeChunk(pending, index: index, of: id, total: size)
            }
            let total = size
            try await change { transaction in
                try transaction.store(total)
                try await transaction.sql.run(
                    "UPDATE blobs SET state = 'upload', size = ? WHERE id = ?",
                    [.integer(total), .text(id)]
                )
            }
            return UploadReceipt(upload: id, size: size)
        } catch {
            // Removed outside the request's task, which may be cancelled (the client went away).
            let removal = Task { [self] in
                try await change { transaction in try await Self.removeBlob(id, size: 0, in: transaction) }
            }
            _ = await removal.result
            throw error
        }
    }

    /// Discards `account`'s upload `id`, which no change used, releasing its bytes from the
    /// quota.
    ///
    /// - Throws: ``APIErrorBody`` `noSuchUpload` when no finished upload of `account` has that
    ///   identifier (a change used it, it expired, it is another account's, or it never
    ///   existed); nothing changes then.
    public func discardUpload(_ id: String, account: String) async throws {
        try await change { transaction in
            let size = try await Self.uploadSize(id, account: account, in: transaction.sql)
            try await Self.removeBlob(id, size: size, in: transaction)
        }
    }

    /// Writes one chunk of an upload that has `total` bytes so far, first removing older
    /// content versions (never an item's current content) when `total` more bytes would exceed
    /// the quota.
    ///
    /// - Throws: ``APIErrorBody`` `quotaExceeded` when `total` more bytes exceed the quota even
    ///   so.
    private func writeChunk(_ bytes: [UInt8], index: Int64, of blob: String, total: Int64) async throws {
        try await change { transaction in
            if let quota = transaction.quota, transaction.storedBytes + total > quota {
                try await Self.removeOldVersions(freeing: transaction.storedBytes + total - quota, in: transaction)
                if transaction.storedBytes + total > quota {
                    throw APIErrorBody(
                        .quotaExceeded,
                        "The upload would exceed the quota of \(quota) bytes (\(transaction.storedBytes) stored)."
                    )
                }
            }
            try await transaction.sql.run(
                "INSERT INTO chunks (blob, idx, data) VALUES (?, ?, ?)",
                [.text(blob), .integer(index), .blob(bytes)]
            )
        }
    }

    /// Removes content versions that are no item's current content, oldest first, until
    /// `bytes` are freed or none is left.
    private static func removeOldVersions(freeing bytes: Int64, in transaction: ChangeTransaction) async throws {
        let old = try await transaction.sql.query(
            """
            SELECT b.id, b.size FROM blobs b WHERE b.state = 'content'
            AND NOT EXISTS (SELECT 1 FROM items i WHERE i.blob = b.id) ORDER BY b.content_version
            """,
            []
        )
        var freed: Int64 = 0
        for row in old where freed < bytes {
            guard let id = row["id"].string, let size = row["size"].int64 else { continue }
            try await removeBlob(id, size: size, in: transaction)
            freed += size
        }
    }

    /// Removes the uploads begun before `date` that no change named.
    private static func removeStaleUploads(before date: Double, in transaction: ChangeTransaction) async throws {
        let stale = try await transaction.sql.query(
            "SELECT id, state, size FROM blobs WHERE state IN ('writing', 'upload') AND created < ?",
            [.real(date)]
        )
        for row in stale {
            guard let id = row["id"].string else { continue }
            let counted = row["state"].string == "upload" ? row["size"].int64 ?? 0 : 0
            try await removeBlob(id, size: counted, in: transaction)
        }
    }

    /// Removes a blob and its chunks, counting `size` bytes freed.
    static func removeBlob(_ id: String, size: Int64, in transaction: ChangeTransaction) async throws {
        try await transaction.sql.run("DELETE FROM chunks WHERE blob = ?", [.text(id)])
        try await transaction.sql.run("DELETE FROM blobs WHERE id = ?", [.text(id)])
        try transaction.store(-size)
    }

    /// The size of `account`'s upload `id`, ready to be named by a change.
    ///
    /// - Throws: ``APIErrorBody`` `noSuchUpload`, also for another account's upload.
    static func uploadSize(_ id: String, account: String, in sql: any SQLExecutor) async throws -> Int64 {
        guard
            let row = try await sql.first(
                "SELECT state, size FROM blobs WHERE id = ? AND account = ?",
                [.text(id), .text(account)]
            ),
            row["state"].string == "upload", let size = row["size"].int64
        else { throw APIErrorBody(.noSuchUpload, "No upload has the identifier \(id), or a change consumed it.") }
        return size
    }

    /// Creates an empty blob of `account`, the content of an empty file.
    static func emptyBlob(now: Double, account: String, in sql: any SQLExecutor) async throws -> String {
        let id = newEpoch() + newEpoch()
        try await sql.run(
            """
            INSERT INTO blobs (id, account, state, size, item, content_version, created)
            VALUES (?, ?, 'upload', 0, NULL, NULL, ?)
            """,
            [.text(id), .text(account), .real(now)]
        )
        return id
    }

    /// Makes `blob` the content of `item` at `version`, and removes the item's versions beyond
    /// ``keptVersions``.
    static func attach(
        _ blob: String,
        to item: String,
        version: Int64,
        keeping kept: Int,
        in transaction: ChangeTransaction
    ) async throws {
        try await transaction.sql.run(
            "UPDATE blobs SET state = 'content', item = ?, content_version = ? WHERE id = ?",
            [.text(item), .integer(version), .text(blob)]
        )
        let versions = try await transaction.sql.query(
            "SELECT id, size FROM blobs WHERE item = ? ORDER BY content_version DESC",
            [.text(item)]
        )
        for row in versions.dropFirst(kept) {
            guard let id = row["id"].string else { continue }
            try await removeBlob(id, size: row["size"].int64 ?? 0, in: transaction)
        }
    }

    /// Whether the blobs `a` and `b` hold the same bytes, compared chunk by chunk.
    static func sameBytes(_ a: String, _ b: String, in sql: any SQLExecutor) async throws -> Bool {
        guard a != b else { return true }
        let sizes = try await sql.query("SELECT id, size FROM blobs WHERE id IN (?, ?)", [.text(a), .text(b)])
        guard sizes.count == 2, sizes[0]["size"] == sizes[1]["size"], let size = sizes[0]["size"].int64 else {
            return false
        }
        let count = (size + Int64(chunkSize) - 1) / Int64(chunkSize)
        for index in 0..<count {
            let rows = try await sql.query(
                "SELECT blob, data FROM chunks WHERE blob IN (?, ?) AND idx = ?",
                [.text(a), .text(b), .integer(index)]
            )
            guard rows.count == 2, rows[0]["data"] == rows[1]["data"] else { return false }
        }
        return true
    }

    /// Locates version `version` (the current one when `nil`) of the content of `account`'s file
    /// `id`.
    ///
    /// - Throws: ``APIErrorBody`` `noSuchItem`; `invalidRequest` for an item that is not a file;
    ///   `versionGone` for a version no longer (or never) kept.
    public func content(of id: String, version: Int64?, account: String) async throws -> ContentSource {
        try await database.read { sql in
            let item = try await Self.existingItem(id, account: account, in: sql)
            guard item.kind == .file, let record = try await Self.record(id, account: account, in: sql),
                let current = record.blob
            else { throw APIErrorBody(.invalidRequest, "Only files have content; \(id) is a \(item.kind).") }
            let wanted = version ?? item.contentVersion
            if wanted == item.contentVersion {
                return ContentSource(
                    blob: current,
                    size: item.size ?? 0,
                    version: wanted,
                    entityTag: item.entityTag
                )
            }
            guard
                let row = try await sql.first(
                    "SELECT id, size FROM blobs WHERE item = ? AND content_version = ? AND state = 'content'",
                    [.text(id), .integer(wanted)]
                ), let blob = row["id"].string, let size = row["size"].int64
            else { throw APIErrorBody(.versionGone, "Version \(wanted) of \(id)'s content is not kept.") }
            return ContentSource(
                blob: blob,
                size: size,
                version: wanted,
                entityTag: WireVersion(content: wanted, metadata: wanted).entityTag
            )
        }
    }

    /// The bytes of chunk `index` of a content located by ``content(of:version:)``.
    ///
    /// - Throws: ``APIErrorBody`` `versionGone` when the content was removed since.
    public func chunk(of source: ContentSource, index: Int64) async throws -> [UInt8] {
        try await database.read { sql in
            guard
                let row = try await sql.first(
                    "SELECT data FROM chunks WHERE blob = ? AND idx = ?",
                    [.text(source.blob), .integer(index)]
                ), let data = row["data"].bytes
            else { throw APIErrorBody(.versionGone, "The content was replaced while it was read.") }
            return data
        }
    }
}
