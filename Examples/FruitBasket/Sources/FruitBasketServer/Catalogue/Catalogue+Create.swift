import FruitBasketAPI

extension Catalogue {
    /// Creates an item of `account` (see ``CreateItemRequest``), in one of its folders.
    ///
    /// - Returns: the item, and whether it was created (`false`: an existing sibling matched
    ///   under ``CreateItemRequest/mayAlreadyExist``; the upload is then discarded).
    /// - Throws: ``APIErrorBody`` `invalidName`, `noSuchItem` (parent), `invalidRequest` (content
    ///   for a folder or link, a link without target, undefined flags), `noSuchUpload`,
    ///   `nameCollision` carrying the existing sibling.
    public func create(
        _ request: CreateItemRequest,
        account: String
    ) async throws -> (item: WireItem, created: Bool) {
        let now = clock().timeIntervalSinceReferenceDate
        let kept = keptVersions
        return try await change { transaction in
            let sql = transaction.sql
            let template = request.item
            try Self.validateName(template.name)
            try Self.validateFlags(template.flags)
            try await Self.validateContainer(template.parent, account: account, sql: sql)
            if template.kind != .file, request.upload != nil {
                throw APIErrorBody(.invalidRequest, "Only files have content; a \(template.kind) was given some.")
            }
            let target = template.kind == .symlink ? template.symlinkTarget : nil
            if template.kind == .symlink, target?.isEmpty ?? true {
                throw APIErrorBody(.invalidRequest, "A symbolic link needs a non-empty target path.")
            }
            let uploadSize = try await request.upload.asyncMap {
                try await Self.uploadSize($0, account: account, in: sql)
            }
            if let existing = try await Self.collidingItem(
                named: template.name,
                in: template.parent,
                excluding: nil,
                account: account,
                sql: sql
            ) {
                var matches = existing.kind == template.kind && existing.symlinkTarget == target
                if matches, let upload = request.upload,
                    let record = try await Self.record(existing.id, account: account, in: sql)
                {
                    matches = try await record.blob.asyncMap { try await Self.sameBytes($0, upload, in: sql) } ?? false
                }
                if request.mayAlreadyExist, matches {
                    if let upload = request.upload {
                        try await Self.removeBlob(upload, size: uploadSize ?? 0, in: transaction)
                    }
                    return (existing, false)
                }
                throw APIErrorBody(.nameCollision, "\"\(template.name)\" exists in the folder.", item: existing)
            }
            let sequence = transaction.nextSequence()
            let id = "i\(sequence)"
            var blob: String?
            if template.kind == .file {
                let content: String
                if let upload = request.upload {
                    content = upload
                } else {
                    content = try await Self.emptyBlob(now: now, account: account, in: sql)
                }
                try await Self.attach(content, to: id, version: sequence, keeping: kept, in: transaction)
                blob = content
            }
            let item = WireItem(
                id: id,
                parent: template.parent,
                name: template.name,
                kind: template.kind,
                contentVersion: sequence,
                metadataVersion: sequence,
                size: template.kind == .file ? uploadSize ?? 0 : nil,
                childCount: template.kind == .folder ? 0 : nil,
                created: template.created ?? now,
                modified: template.modified ?? now,
                lastUsed: template.lastUsed,
                tagData: template.tagData,
                favoriteRank: template.favoriteRank,
                symlinkTarget: target,
                flags: template.flags,
                extendedAttributes: template.extendedAttributes,
                typeCode: template.typeCode,
                creatorCode: template.creatorCode
            )
            try await ItemRecord(item: item, blob: blob).save(account: account, in: sql)
            return (item, true)
        }
    }
}

extension Optional {
    /// `transform` applied to the wrapped value, awaited; `nil` for `nil`.
    func asyncMap<Mapped>(_ transform: (Wrapped) async throws -> Mapped) async rethrows -> Mapped? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
