import FileProviderKit
import Foundation

extension FolderStore {
    /// Applies every field of a modification in one call (see
    /// ``LocalFolderProvider/modifyItem(_:baseVersion:changedFields:contents:options:request:)``).
    ///
    /// Every check runs before the disk changes. Then, in order: the item is renamed or moved (one
    /// `rename`), its new content replaces the old (one `rename` of a staged file), a conflict
    /// copy is placed beside it, and the transaction is journaled.
    func modify(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions
    ) throws -> ItemMutationResult {
        let identifier = item.itemIdentifier
        if identifier.isReservedContainer { throw FileProviderError.reservedContainer(identifier) }
        let requestedParent = changedFields.contains(.parentItemIdentifier) ? item.parentItemIdentifier : nil
        try settle([identifier] + (requestedParent.map { [$0] } ?? []))
        guard let current = state.records[identifier], let location = url(of: current) else {
            throw FileProviderError.nonExistentItem(withIdentifier: identifier)
        }
        if options.contains(.failOnConflict), baseVersion != current.version {
            throw FileProviderError(
                .localVersionConflictingWithServer,
                itemIdentifier: identifier,
                item: current.snapshot,
                message: "The change is based on \(baseVersion); the folder has \(current.version)."
            )
        }

        // Where the item goes.
        var updated = current
        if changedFields.contains(.filename) {
            try Filename.validate(item.filename)
            updated.filename = item.filename
        }
        updated.parent = requestedParent ?? current.parent
        let destination = try destination(of: &updated, from: current)

        // What content it gets: new content on a stale base goes to a conflict copy instead.
        var staged: (content: URL?, conflictCopy: URL?) = (nil, nil)
        defer {
            for url in [staged.content, staged.conflictCopy].compactMap({ $0 }) {
                try? FileManager.default.removeItem(at: url)
            }
        }
        if changedFields.contains(.contents), !current.isFolder {
            let file = try Durability.stage(contents, in: stateFolder.staging)
            if baseVersion.contentVersion == current.version.contentVersion {
                staged.content = file
            } else {
                staged.conflictCopy = file
            }
        }
        updated.applyMetadata(of: item, fields: changedFields)

        try Task.checkCancellation()
        if destination != location { try Durability.rename(location, to: destination) }
        if let content = staged.content { try Durability.rename(content, to: destination) }
        if changedFields.contains(.contentModificationDate), let date = item.contentModificationDate {
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: destination.path)
        }
        guard let disk = DiskFingerprint.read(destination) else { throw FileProviderError.changedOnDisk(destination) }
        updated.disk = disk
        var records: [ItemRecord] = []
        if updated != current {
            let rank = state.nextRank()
            updated.metadataRevision = rank
            if staged.content != nil { updated.contentRevision = rank }
            records.append(updated)
        }
        if let file = staged.conflictCopy {
            records.append(try placeConflictCopy(file, beside: updated))
        }
        try commit(transaction(records: records))
        return ItemMutationResult(
            item: updated.snapshot,
            stillPendingFields: changedFields.intersection(Self.unsupportedFields),
            shouldFetchContent: staged.conflictCopy != nil
        )
    }

    /// Checks the move or rename of `record` (already carrying its new parent and filename), sets
    /// its name on disk, and returns its new location.
    ///
    /// - Throws: `noSuchItem` for a missing parent, `invalidArgument` for a folder moved into itself
    ///   or its descendants, `filenameCollision` for a taken name.
    private func destination(of record: inout ItemRecord, from current: ItemRecord) throws -> URL {
        guard record.parent != current.parent || record.filename != current.filename else {
            return url(of: current) ?? root
        }
        guard let folder = url(ofContainer: record.parent) else {
            throw FileProviderError.nonExistentItem(withIdentifier: record.parent)
        }
        if current.isFolder, state.isSelfOrAncestor(current.identifier, of: record.parent) {
            throw FileProviderError(
                .invalidArgument,
                itemIdentifier: current.identifier,
                message: "A folder cannot move into itself or one of its descendants."
            )
        }
        if record.parent == .trashContainer {
            // In the trash, items are stored under their identifier, so trashed names never collide.
            record.diskName = current.parent == .trashContainer ? current.diskName : current.identifier.rawValue
        } else {
            if let existing = state.child(named: record.filename, in: record.parent, excluding: current.identifier) {
                throw FileProviderError.collision(with: existing.snapshot)
            }
            record.diskName = record.filename
        }
        let destination = folder.appendingPathComponent(record.diskName)
        if DiskFingerprint.read(destination) != nil,
            record.diskName != current.diskName || record.parent != current.parent
        {
            throw try collisionOnDisk(named: record.filename, in: record.parent, at: destination)
        }
        return destination
    }

    /// Places the content that lost a conflict beside the item, as "name (conflicted copy).ext",
    /// and returns its record.
    private func placeConflictCopy(_ file: URL, beside item: ItemRecord) throws -> ItemRecord {
        guard let folder = url(ofContainer: item.parent) else {
            throw FileProviderError.nonExistentItem(withIdentifier: item.parent)
        }
        let base = (item.filename as NSString).deletingPathExtension
        let pathExtension = (item.filename as NSString).pathExtension
        let identifier = state.makeIdentifier()
        for number in 1...1_000 {
            let suffix = number == 1 ? " (conflicted copy)" : " (conflicted copy \(number))"
            let name = String((base + suffix).prefix(200)) + (pathExtension.isEmpty ? "" : ".\(pathExtension)")
            let diskName = item.parent == .trashContainer ? identifier.rawValue : name
            let destination = folder.appendingPathComponent(diskName)
            guard Filename.problem(in: name) == nil, state.child(named: name, in: item.parent) == nil,
                try Durability.place(file, at: destination), let disk = DiskFingerprint.read(destination)
            else { continue }
            let rank = state.nextRank()
            return ItemRecord(
                identifier: identifier,
                parent: item.parent,
                filename: name,
                diskName: diskName,
                isFolder: false,
                disk: disk,
                contentRevision: rank,
                metadataRevision: rank
            )
        }
        throw FileProviderError.io("no free name for a conflict copy of \"\(item.filename)\"")
    }
}
