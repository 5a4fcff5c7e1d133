import FileProviderKit
import Foundation

extension FolderStore {
    /// Applies every field of a modification in one call (see
    /// ``LocalFolderProvider/modifyItem(_:baseVersion:changedFields:contents:options:request:)``).
    ///
    /// Every check runs, and new content is staged, before the disk changes. Then, in order: the
    /// transaction is journaled as the write's intent, holding the item as it will be; the item is
    /// renamed or moved (one `rename`); its new content replaces the old (one `rename` of the
    /// staged file) or its date and permissions are set; a conflict copy is placed beside it. A
    /// failed step moves the item back and abandons the intent, so the call changes all or
    /// nothing.
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
        guard let current = state.records[identifier] else {
            throw FileProviderError.nonExistentItem(withIdentifier: identifier)
        }
        guard let source = folder(ofContainer: current.parent) else { throw FileProviderError.changedOnDisk(root) }
        if options.contains(.failOnConflict), baseVersion != current.version {
            throw FileProviderError(
                .localVersionConflictingWithServer,
                itemIdentifier: identifier,
                item: current.snapshot,
                message: "The change is based on \(baseVersion); the folder has \(current.version)."
            )
        }
        let date = changedFields.contains(.contentModificationDate) ? item.contentModificationDate : nil
        if let date { _ = try DirectoryDescriptor.timestamp(date) }

        // Where the item goes.
        var updated = current
        if changedFields.contains(.filename) {
            try Filename.validate(item.filename)
            updated.filename = item.filename
        }
        updated.parent = requestedParent ?? current.parent
        let (folder, name) = try destination(of: &updated, from: current, in: source)

        // What content it gets: new content on a stale base goes to a conflict copy instead. New
        // content is dated before it replaces the old, so no file is ever changed in place.
        var staged: (content: String?, conflictCopy: String?) = (nil, nil)
        defer {
            for name in [staged.content, staged.conflictCopy].compactMap({ $0 }) {
                stagingFolder.removeFile(name)
            }
        }
        // A file's permission bits: the new ones, or those of the file the new content replaces.
        let setsPermissions = changedFields.contains(.fileSystemFlags) && !current.isFolder
        let permissions =
            setsPermissions
            ? DiskFingerprint.permissions(for: item.fileSystemFlags)
            : current.disk.permissions.map { mode_t($0) }
        if changedFields.contains(.contents), !current.isFolder {
            try request("stage the content")
            if baseVersion.contentVersion == current.version.contentVersion {
                staged.content = try Durability.stage(
                    contents,
                    in: stagingFolder,
                    modificationDate: date,
                    permissions: permissions
                )
            } else {
                staged.conflictCopy = try Durability.stage(contents, in: stagingFolder, modificationDate: nil)
            }
        }
        updated.applyMetadata(of: item, fields: changedFields)
        updated.disk = try expectedDisk(
            of: current,
            content: staged.content,
            permissions: setsPermissions ? permissions : nil,
            date: date
        )

        var records: [ItemRecord] = []
        if updated != current {
            let rank = state.nextRank()
            updated.metadataRevision = rank
            if staged.content != nil { updated.contentRevision = rank }
            records.append(updated)
        }
        let conflictCopy = try staged.conflictCopy.map { try conflictCopyRecord(of: $0, beside: updated, in: folder) }
        records += conflictCopy.map { [$0] } ?? []

        try Task.checkCancellation()
        _ = try perform(transaction(records: records)) {
            // A failure after the item moved on disk moves it back: the disk is then as it was.
            var moved = false
            do {
                if folder !== source || name != current.diskName {
                    try request("move the item")
                    try source.rename(current.diskName, to: folder, as: name)
                    moved = true
                }
                if let content = staged.content {
                    try request("replace the content")
                    try stagingFolder.rename(content, to: folder, as: name)
                } else {
                    if setsPermissions, let permissions {
                        try setPermissions(permissions, of: name, in: folder, expecting: current)
                    }
                    if let date { try setModificationDate(date, of: name, in: folder, expecting: current) }
                }
                if let conflictCopy, let file = staged.conflictCopy,
                    try !stagingFolder.link(file, to: folder, as: conflictCopy.diskName)
                {
                    // Another program took the name since it was chosen.
                    throw FileProviderError.changedOnDisk(
                        URL(fileURLWithPath: folder.path).appendingPathComponent(conflictCopy.diskName)
                    )
                }
            } catch {
                if moved { moveBack(current, from: name, in: folder, to: source) }
                throw error
            }
            return true
        }
        try folder.sync()
        if folder !== source { try source.sync() }
        return ItemMutationResult(
            item: updated.snapshot,
            stillPendingFields: Self.pendingFields(
                changedFields,
                flags: item.fileSystemFlags,
                isFolder: current.isFolder
            ),
            shouldFetchContent: staged.conflictCopy != nil
        )
    }

    /// The fingerprint `current`'s entry will have once the modification is made: the staged
    /// `content`'s file (its inode, size, date and permissions), or the item's own file with
    /// `permissions` and `date` when they are set — as `fstatat` will read them back.
    private func expectedDisk(
        of current: ItemRecord,
        content: String?,
        permissions: mode_t?,
        date: Date?
    ) throws -> DiskFingerprint {
        if let content {
            guard let disk = stagingFolder.fingerprint(of: content) else { throw stagingFolder.error("stat", content) }
            return disk
        }
        var disk = current.disk
        if let permissions { disk.permissions = UInt16(permissions & 0o7777) }
        if let date {
            disk.modificationDate = DiskFingerprint.modificationDate(of: try DirectoryDescriptor.timestamp(date))
        }
        return disk
    }

    /// Moves `current`'s entry, now `name` in `folder`, back to its place in `source` after a later
    /// step of its modification failed. A failure here is left to the next rescan, which finds the
    /// entry wherever it is.
    private func moveBack(
        _ current: ItemRecord,
        from name: String,
        in folder: DirectoryDescriptor,
        to source: DirectoryDescriptor
    ) {
        guard (try? folder.rename(name, to: source, as: current.diskName)) != nil else { return }
        try? source.sync()
        if folder !== source { try? folder.sync() }
    }

    /// Dates the entry `name` in `folder` through a descriptor opened without following links,
    /// once it is checked to be `record`'s file (with a single name) or folder.
    private func setModificationDate(
        _ date: Date,
        of name: String,
        in folder: DirectoryDescriptor,
        expecting record: ItemRecord
    ) throws {
        guard let (handle, disk) = folder.openEntry(name) else { throw folder.error("open", name) }
        guard disk.identity == record.disk.identity, disk.kind == (record.isFolder ? .folder : .file) else {
            throw FileProviderError.changedOnDisk(URL(fileURLWithPath: folder.path).appendingPathComponent(name))
        }
        try DirectoryDescriptor.setModificationDate(date, of: handle.fileDescriptor)
    }

    /// Sets the permission bits of the file `name` in `folder` through a descriptor opened
    /// without following links, once it is checked to be `record`'s file, and flushes them.
    private func setPermissions(
        _ permissions: mode_t,
        of name: String,
        in folder: DirectoryDescriptor,
        expecting record: ItemRecord
    ) throws {
        guard let (handle, disk) = folder.openEntry(name) else { throw folder.error("open", name) }
        guard disk.identity == record.disk.identity, disk.kind == .file else {
            throw FileProviderError.changedOnDisk(URL(fileURLWithPath: folder.path).appendingPathComponent(name))
        }
        guard fchmod(handle.fileDescriptor, permissions) == 0, fsync(handle.fileDescriptor) == 0 else {
            throw folder.error("chmod", name)
        }
    }

    /// Checks the move or rename of `record` (already carrying its new parent and filename), sets
    /// its name on disk, and returns its new folder (`source` when it stays) and name there.
    ///
    /// - Throws: `noSuchItem` for a missing parent, `invalidArgument` for a folder moved into itself
    ///   or its descendants, `filenameCollision` for a taken name.
    private func destination(
        of record: inout ItemRecord,
        from current: ItemRecord,
        in source: DirectoryDescriptor
    ) throws -> (DirectoryDescriptor, String) {
        guard record.parent != current.parent || record.filename != current.filename else {
            return (source, current.diskName)
        }
        guard state.isContainer(record.parent) else {
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
        let folder = record.parent == current.parent ? source : self.folder(ofContainer: record.parent)
        guard let folder else { throw FileProviderError.changedOnDisk(root) }
        if folder.fingerprint(of: record.diskName) != nil,
            record.diskName != current.diskName || record.parent != current.parent
        {
            throw try collisionOnDisk(named: record.filename, in: record.parent, at: folder)
        }
        return (folder, record.diskName)
    }

    /// The record of a conflict copy of the staged `file` beside `item` in `folder`, named
    /// "name (conflicted copy).ext" (or numbered) with the first name free in the records and on
    /// disk; the file is placed there by the modification's disk change.
    private func conflictCopyRecord(
        of file: String,
        beside item: ItemRecord,
        in folder: DirectoryDescriptor
    ) throws -> ItemRecord {
        guard let disk = stagingFolder.fingerprint(of: file) else { throw stagingFolder.error("stat", file) }
        let base = (item.filename as NSString).deletingPathExtension
        let pathExtension = (item.filename as NSString).pathExtension
        let identifier = state.makeIdentifier()
        for number in 1...1_000 {
            let suffix = number == 1 ? " (conflicted copy)" : " (conflicted copy \(number))"
            let name = String((base + suffix).prefix(200)) + (pathExtension.isEmpty ? "" : ".\(pathExtension)")
            let diskName = item.parent == .trashContainer ? identifier.rawValue : name
            guard Filename.problem(in: name) == nil, state.child(named: name, in: item.parent) == nil,
                folder.fingerprint(of: diskName) == nil
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
