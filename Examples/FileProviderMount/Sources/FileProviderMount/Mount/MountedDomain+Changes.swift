import FileProviderHost
import FileProviderKit
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension MountedDomain {
    /// Creates a file, folder or symbolic link at `path` with `createItem`.
    ///
    /// - Returns: the item as the provider stored it.
    /// - Throws: `EEXIST`, `ENOENT`, `ENOTDIR`, `EACCES` when the provider refuses the item, or
    ///   the provider's error.
    func create(at path: String, kind: ItemKind, mode: mode_t) async throws -> ItemSnapshot {
        let (parent, name) = try location(of: path)
        if child(named: name, of: parent) != nil { throw MountError.exists }
        let now = Date()
        var fields: ItemFields = [.fileSystemFlags, .creationDate, .contentModificationDate]
        var contents: URL?
        let type: ContentType
        var target: String?
        switch kind {
        case .file:
            let guessed = ContentType.forFilename(name)
            type = guessed.isDirectory || guessed.isSymbolicLink ? .data : guessed
            fields.insert(.contents)
            contents = emptyFile
        case .folder: type = .folder
        case .symbolicLink(let destination):
            type = .symbolicLink
            target = destination
        }
        let template = ItemSnapshot(
            itemIdentifier: ItemIdentifier("fileprovider-mount.\(UUID().uuidString)"),
            parentItemIdentifier: parent,
            filename: name,
            contentType: type,
            documentSize: kind == .file ? 0 : nil,
            creationDate: now,
            contentModificationDate: now,
            fileSystemFlags: FileAttributes.flags(for: mode, hidden: name.hasPrefix(".")),
            symlinkTargetPath: target
        )
        let record = try await perform(.createItem(template, fields: fields, contents: contents, options: []))
        guard let item = record.resultItem else { throw MountError.accessDenied }
        apply(.upsert(item))
        return item
    }

    /// Removes the file, symbolic link (`directory` false) or empty folder (`directory` true) at
    /// `path` with `deleteItem`. A file still open stays readable and writable through its
    /// handles, and is not sent again.
    ///
    /// - Throws: `ENOENT`; `EBUSY` for the root; `ENOTDIR`, `EISDIR`, `ENOTEMPTY`; the
    ///   provider's error.
    func remove(at path: String, directory: Bool) async throws {
        if !directory, hiddenFiles.withLock({ $0.removeValue(forKey: path) }) != nil { return }
        guard let item = try item(at: path) else { throw MountError(code: EBUSY) }
        if directory {
            guard item.contentType.isDirectory else { throw MountError.notDirectory }
            if tree.withLock({ $0.namespace.hasChildren(item.itemIdentifier) }) { throw MountError.notEmpty }
        } else if item.contentType.isDirectory {
            throw MountError.isDirectory
        }
        try await delete(item)
    }

    /// Renames or moves the item at `source` to `destination` with `modifyItem`, replacing what
    /// is there as `rename(2)` does (by deleting it first).
    ///
    /// - Parameter flags: `RENAME_NOREPLACE` (1) is honoured; `RENAME_EXCHANGE` (2) is refused
    ///   with `EINVAL`.
    /// - Throws: `ENOENT`, `EEXIST`, `EINVAL` (a folder into itself), `ENOTDIR`, `EISDIR`,
    ///   `ENOTEMPTY`, `EBUSY` for the root, or the provider's error.
    func rename(from source: String, to destination: String, flags: UInt32) async throws {
        guard flags & 2 == 0 else { throw MountError.invalid }
        if Self.isHiddenPath(destination) { return try await hide(source, as: destination) }
        guard let item = try item(at: source) else { throw MountError(code: EBUSY) }
        let (parent, name) = try location(of: destination)
        if item.contentType.isDirectory, isAncestor(item.itemIdentifier, of: parent) { throw MountError.invalid }
        if let existing = child(named: name, of: parent) {
            if existing.itemIdentifier == item.itemIdentifier { return }
            if flags & 1 != 0 { throw MountError.exists }
            if item.contentType.isDirectory {
                guard existing.contentType.isDirectory else { throw MountError.notDirectory }
                if tree.withLock({ $0.namespace.hasChildren(existing.itemIdentifier) }) { throw MountError.notEmpty }
            } else if existing.contentType.isDirectory {
                throw MountError.isDirectory
            }
            try await delete(existing)
        }
        var changed = item
        var fields: ItemFields = []
        if parent != item.parentItemIdentifier {
            changed.parentItemIdentifier = parent
            fields.insert(.parentItemIdentifier)
        }
        if name != item.filename {
            changed.filename = name
            fields.insert(.filename)
        }
        try await modify(changed, base: item, fields: fields)
    }

    /// Deletes the open file at `source` at the provider, as `unlink` does, and keeps it under
    /// the hidden path libfuse chose until its last handle is closed and libfuse unlinks that.
    ///
    /// - Throws: `ENOENT`, `EISDIR`, or the provider's error.
    private func hide(_ source: String, as hidden: String) async throws {
        guard let item = try item(at: source) else { throw MountError(code: EBUSY) }
        guard !item.contentType.isDirectory else { throw MountError.isDirectory }
        try await delete(item)
        hiddenFiles.withLock { $0[hidden] = item }
    }

    /// Sets the permission bits of the item at `path` (see ``FileAttributes`` for what is kept).
    ///
    /// - Throws: `ENOENT`, `EPERM` for the root, or the provider's error.
    func setMode(at path: String, _ mode: mode_t) async throws {
        if hiddenFiles.withLock({ $0[path] }) != nil { return }  // Deleted: nothing to store it in.
        guard let item = try item(at: path) else { throw MountError.notPermitted }
        var changed = item
        changed.fileSystemFlags = FileAttributes.flags(for: mode, hidden: item.fileSystemFlags.contains(.hidden))
        guard changed.fileSystemFlags != item.fileSystemFlags else { return }
        try await modify(changed, base: item, fields: .fileSystemFlags)
    }

    /// Sets the modification date of the item at `path`, after committing unsaved writes (so
    /// that they do not overwrite the date afterwards).
    ///
    /// - Throws: `ENOENT`, `EPERM` for the root, or the provider's error.
    func setModificationDate(at path: String, _ date: Date) async throws {
        if hiddenFiles.withLock({ $0[path] }) != nil { return }  // Deleted: nothing to store it in.
        guard let before = try item(at: path) else { throw MountError.notPermitted }
        if let copy = table.withLock({ $0.workingCopies[before.itemIdentifier] }) { try await commit(copy) }
        guard let item = try self.item(at: path) else { throw MountError.notPermitted }
        var changed = item
        changed.contentModificationDate = date
        try await modify(changed, base: item, fields: .contentModificationDate)
    }

    /// Sends `changed` with `modifyItem` on `base`'s version and applies the result.
    ///
    /// - Returns: the operation's record; `nil` when `fields` is empty (nothing is sent).
    @discardableResult
    func modify(
        _ changed: ItemSnapshot,
        base: ItemSnapshot,
        fields: ItemFields,
        contents: URL? = nil
    ) async throws -> OperationRecord? {
        guard !fields.isEmpty else { return nil }
        let record = try await perform(
            .modifyItem(changed, baseVersion: base.itemVersion, changedFields: fields, contents: contents, options: [])
        )
        if record.itemLeftDomain {
            // The provider returned no item: the item left the domain. The host removed its copy —
            // a folder's only once its children have left — and the mount follows it.
            if await host.item(changed.itemIdentifier) == nil { apply(.remove(changed.itemIdentifier)) }
            return record
        }
        apply(.upsert(record.resultItem ?? changed))
        return record
    }
}

/// What ``MountedDomain/create(at:kind:mode:)`` creates.
enum ItemKind: Sendable, Equatable {
    case file
    case folder
    /// A symbolic link to the given path.
    case symbolicLink(String)
}
