import FruitBasketAPI

extension Catalogue {
    /// Applies every field of a ``ModifyItemRequest`` to `account`'s item `id` in one transaction.
    ///
    /// Metadata-only changes bump the item's metadata version; a content change bumps both and
    /// sets `modified` to now unless the request sets it. When the content changed on both sides
    /// (the base's content version is not the item's) under ``ConflictPolicy/keepBoth``, the
    /// item keeps the server's content and the incoming content goes to a new sibling named
    /// "<name> (conflicted copy).<ext>" (numbered when taken).
    ///
    /// - Parameter base: the version the change is based on (`If-Match`).
    /// - Throws: ``APIErrorBody`` `reservedItem`, `noSuchItem`, `invalidRequest` (a kind change,
    ///   undefined flags, a link without target), `versionMismatch` (under
    ///   ``ConflictPolicy/fail``), `invalidName`, `invalidMove`, `nameCollision`, `noSuchUpload`.
    public func modify(
        _ id: String,
        _ request: ModifyItemRequest,
        base: WireVersion,
        account: String
    ) async throws
        -> ModifyItemResponse
    {
        try Self.refuseReserved(id)
        let now = clock().timeIntervalSinceReferenceDate
        let kept = keptVersions
        return try await change { transaction in
            let sql = transaction.sql
            guard let record = try await Self.record(id, account: account, in: sql) else {
                throw APIErrorBody(.noSuchItem, "No item has the identifier \(id).")
            }
            let current = record.item
            let fields = Set(request.fields)
            let template = request.item
            guard template.kind == current.kind else {
                throw APIErrorBody(.invalidRequest, "An item cannot change from \(current.kind) to \(template.kind).")
            }
            let currentVersion = WireVersion(content: current.contentVersion, metadata: current.metadataVersion)
            if request.onConflict == .fail, base != currentVersion {
                throw APIErrorBody(
                    .versionMismatch,
                    "The change is based on \(base.entityTag); the server has \(current.entityTag).",
                    item: current
                )
            }
            var new = current
            if fields.contains(.name) {
                try Self.validateName(template.name)
                new.name = template.name
            }
            if fields.contains(.parent) {
                try await Self.validateMove(current, to: template.parent, account: account, sql: sql)
                new.parent = template.parent
            }
            if let existing = try await Self.collidingItem(
                named: new.name,
                in: new.parent,
                excluding: id,
                account: account,
                sql: sql
            ) {
                throw APIErrorBody(.nameCollision, "\"\(new.name)\" exists in the folder.", item: existing)
            }
            try Self.copyMetadata(fields, from: template, to: &new)

            var newBlob: String?
            var conflict: (blob: String?, size: Int64?, target: String?)?
            if fields.contains(.contents), current.kind != .folder {
                if current.kind == .symlink {
                    guard let target = template.symlinkTarget, !target.isEmpty else {
                        throw APIErrorBody(.invalidRequest, "A symbolic link needs a non-empty target path.")
                    }
                    if target != current.symlinkTarget {
                        if base.content != current.contentVersion {
                            conflict = (nil, nil, target)
                        } else {
                            new.symlinkTarget = target
                        }
                    }
                } else {
                    let incoming: String
                    if let upload = request.upload {
                        incoming = upload
                    } else {
                        incoming = try await Self.emptyBlob(now: now, account: account, in: sql)
                    }
                    let size = try await Self.uploadSize(incoming, account: account, in: sql)
                    let changed = try await
                        !(record.blob.asyncMap { try await Self.sameBytes($0, incoming, in: sql) } ?? false)
                    if !changed {
                        try await Self.removeBlob(incoming, size: size, in: transaction)
                    } else if base.content != current.contentVersion {
                        conflict = (incoming, size, nil)
                    } else {
                        newBlob = incoming
                        new.size = size
                    }
                }
                if newBlob != nil || new.symlinkTarget != current.symlinkTarget, !fields.contains(.modified) {
                    new.modified = now
                }
            }

            let contentChanged = newBlob != nil || new.symlinkTarget != current.symlinkTarget
            if contentChanged || new != current {
                let sequence = transaction.nextSequence()
                new.metadataVersion = sequence
                if contentChanged { new.contentVersion = sequence }
                if let newBlob {
                    try await Self.attach(newBlob, to: id, version: sequence, keeping: kept, in: transaction)
                }
                try await ItemRecord(item: new, blob: newBlob ?? record.blob).save(account: account, in: sql)
            }
            var copy: WireItem?
            if let conflict {
                let name = try await Self.conflictCopyName(
                    for: new.name,
                    in: new.parent,
                    avoiding: new.name,
                    account: account,
                    sql: sql
                )
                let sequence = transaction.nextSequence()
                let copyItem = WireItem(
                    id: "i\(sequence)",
                    parent: new.parent,
                    name: name,
                    kind: current.kind,
                    contentVersion: sequence,
                    metadataVersion: sequence,
                    size: conflict.size,
                    created: now,
                    modified: now,
                    symlinkTarget: conflict.target
                )
                if let blob = conflict.blob {
                    try await Self.attach(blob, to: copyItem.id, version: sequence, keeping: kept, in: transaction)
                }
                try await ItemRecord(item: copyItem, blob: conflict.blob).save(account: account, in: sql)
                copy = copyItem
            }
            return ModifyItemResponse(
                item: try await Self.existingItem(id, account: account, in: sql),
                conflictCopy: copy
            )
        }
    }

    /// Checks that `item` may move to `parent`: a container, and not the item itself or one of
    /// its descendants.
    ///
    /// - Throws: ``APIErrorBody`` `noSuchItem`, `invalidMove`.
    private static func validateMove(
        _ item: WireItem,
        to parent: String,
        account: String,
        sql: any SQLExecutor
    ) async throws {
        try await validateContainer(parent, account: account, sql: sql)
        var cursor = parent
        while cursor != WireIdentifiers.root, cursor != WireIdentifiers.trash {
            if cursor == item.id {
                throw APIErrorBody(.invalidMove, "A folder cannot move into itself or one of its descendants.")
            }
            guard
                let row = try await sql.first(
                    "SELECT parent FROM items WHERE id = ? AND account = ?",
                    [.text(cursor), .text(account)]
                ),
                let next = row["parent"].string
            else { break }
            cursor = next
        }
    }

    /// Copies the metadata fields listed in `fields` from `source` to `target`.
    ///
    /// - Throws: ``APIErrorBody`` `invalidRequest` for undefined flags.
    private static func copyMetadata(_ fields: Set<WireField>, from source: WireItem, to target: inout WireItem) throws
    {
        if fields.contains(.lastUsed) { target.lastUsed = source.lastUsed }
        if fields.contains(.tagData) { target.tagData = source.tagData }
        if fields.contains(.favoriteRank) { target.favoriteRank = source.favoriteRank }
        if fields.contains(.created) { target.created = source.created }
        if fields.contains(.modified) { target.modified = source.modified }
        if fields.contains(.flags) {
            try validateFlags(source.flags)
            target.flags = source.flags
        }
        if fields.contains(.extendedAttributes) { target.extendedAttributes = source.extendedAttributes }
        if fields.contains(.typeAndCreator) {
            target.typeCode = source.typeCode
            target.creatorCode = source.creatorCode
        }
    }

    /// A free name for a conflict copy of `name` in `parent`: "<stem> (conflicted copy)<.ext>",
    /// then "… copy 2", "… copy 3" …, shortened to stay within 255 bytes, colliding neither with a
    /// child nor with `reserved`.
    private static func conflictCopyName(
        for name: String,
        in parent: String,
        avoiding reserved: String,
        account: String,
        sql: any SQLExecutor
    ) async throws -> String {
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let pathExtension = dot.map { String(name[$0...]) } ?? ""
        var number = 1
        while true {
            let suffix = number == 1 ? " (conflicted copy)" : " (conflicted copy \(number))"
            var budget = 255 - suffix.utf8.count - pathExtension.utf8.count
            let shortened = stem.prefix { character in
                budget -= character.utf8.count
                return budget >= 0
            }
            let candidate = String(shortened) + suffix + pathExtension
            let taken = try await collidingItem(
                named: candidate,
                in: parent,
                excluding: nil,
                account: account,
                sql: sql
            )
            if taken == nil, WireNameRule.key(candidate) != WireNameRule.key(reserved) { return candidate }
            number += 1
        }
    }
}
