import FileProviderKit
import Foundation

extension FolderStore {
    /// The fields a modification or creation cannot store; they come back as still pending.
    /// A file's `fileSystemFlags` are its permission bits; a folder's are not stored.
    static func unsupportedFields(isFolder: Bool) -> ItemFields {
        isFolder
            ? [.creationDate, .fileSystemFlags, .extendedAttributes, .typeAndCreator]
            : [.creationDate, .extendedAttributes, .typeAndCreator]
    }

    /// The fields of `fields` that come back as still pending for an item with `flags`: the
    /// unsupported ones, and a file's `fileSystemFlags` when they hold more than the owner's read,
    /// write and execute bits (the hidden flags have no permission bit to keep them).
    static func pendingFields(_ fields: ItemFields, flags: FileSystemFlags, isFolder: Bool) -> ItemFields {
        var pending = fields.intersection(unsupportedFields(isFolder: isFolder))
        if fields.contains(.fileSystemFlags),
            !flags.subtracting([.userReadable, .userWritable, .userExecutable]).isEmpty
        {
            pending.insert(.fileSystemFlags)
        }
        return pending
    }

    /// Creates a file or a folder in a folder of the root (see
    /// ``LocalFolderProvider/createItem(basedOn:fields:contents:options:request:)``).
    func create(
        _ template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions
    ) throws -> ItemMutationResult {
        let filename = template.filename
        let parent = template.parentItemIdentifier
        try Filename.validate(filename)
        if template.contentType.isSymbolicLink {
            throw FileProviderError(.featureUnsupported, message: "LocalFolderProvider does not store symbolic links.")
        }
        if parent == .trashContainer {
            throw FileProviderError(.invalidArgument, message: "Items enter the trash by being moved there.")
        }
        let isFolder = template.contentType.isDirectory
        try settle([parent])
        guard state.isContainer(parent) else { throw FileProviderError.nonExistentItem(withIdentifier: parent) }
        if let existing = state.child(named: filename, in: parent) {
            if options.contains(.mayAlreadyExist), existing.isFolder == isFolder,
                try holdsSameContent(existing, as: fields.contains(.contents) ? contents : nil)
            {
                return ItemMutationResult(item: existing.snapshot)
            }
            throw FileProviderError.collision(with: existing.snapshot)
        }
        guard let folder = folder(ofContainer: parent) else { throw FileProviderError.changedOnDisk(root) }
        let date = fields.contains(.contentModificationDate) ? template.contentModificationDate : nil
        if let date { _ = try DirectoryDescriptor.timestamp(date) }
        // The new item's record, on the file or folder `disk`.
        func newRecord(on disk: DiskFingerprint) -> ItemRecord {
            let rank = state.nextRank()
            var record = ItemRecord(
                identifier: state.makeIdentifier(),
                parent: parent,
                filename: filename,
                diskName: filename,
                isFolder: isFolder,
                disk: disk,
                contentRevision: rank,
                metadataRevision: rank
            )
            record.applyMetadata(of: template, fields: fields)
            if !isFolder { record.contentType = template.contentType }
            return record
        }
        let record: ItemRecord
        if isFolder {
            let disk = try makeFolder(filename, in: parent, at: folder, dated: date)
            record = newRecord(on: disk)
            do {
                try commit(transaction(records: [record]))
            } catch {
                folder.removeEmptyFolder(filename, expecting: disk.identity)
                throw error
            }
        } else {
            try request("stage the content")
            let staged = try Durability.stage(
                fields.contains(.contents) ? contents : nil,
                in: stagingFolder,
                modificationDate: date,
                permissions: fields.contains(.fileSystemFlags)
                    ? DiskFingerprint.permissions(for: template.fileSystemFlags) : nil
            )
            defer { stagingFolder.removeFile(staged) }
            // `link` keeps the staged file's inode, size, date and permissions: the record's file.
            guard let disk = stagingFolder.fingerprint(of: staged) else { throw stagingFolder.error("stat", staged) }
            record = newRecord(on: disk)
            try Task.checkCancellation()
            let placed = try perform(transaction(records: [record])) {
                try request("place the file")
                return try stagingFolder.link(staged, to: folder, as: filename)
            }
            guard placed else { throw try collisionOnDisk(named: filename, in: parent, at: folder) }
            stagingFolder.removeFile(staged)
            try folder.sync()
        }
        return ItemMutationResult(
            item: record.snapshot,
            stillPendingFields: Self.pendingFields(fields, flags: template.fileSystemFlags, isFolder: isFolder)
        )
    }

    /// Makes the folder `name` in `folder` (the container `parent`), dated `date` when given, and
    /// flushed, and returns its fingerprint. A failure after `mkdir` removes the folder again.
    ///
    /// - Throws: `filenameCollision` (or `cannotSynchronize`) when an entry no rescan has seen yet
    ///   has the name; `cannotSynchronize` when the folder cannot be made or dated.
    private func makeFolder(
        _ name: String,
        in parent: ItemIdentifier,
        at folder: DirectoryDescriptor,
        dated date: Date?
    ) throws -> DiskFingerprint {
        try Task.checkCancellation()
        try request("make the folder")
        guard try folder.makeFolder(name) else { throw try collisionOnDisk(named: name, in: parent, at: folder) }
        guard let made = folder.folder(name), let identity = made.fingerprint?.identity else {
            throw folder.error("open", name)
        }
        do {
            if let date { try DirectoryDescriptor.setModificationDate(date, of: made.descriptor) }
            try folder.sync()
            guard let disk = made.fingerprint else { throw folder.error("stat", name) }
            return disk
        } catch {
            folder.removeEmptyFolder(name, expecting: identity)
            throw error
        }
    }

    /// Whether `existing` may stand for a creation with `contents`: a folder always, a file when
    /// no contents come (a dataless reimport) or they equal its bytes — otherwise matching it
    /// would drop the incoming bytes (R12.10), and the creation collides instead.
    func holdsSameContent(_ existing: ItemRecord, as contents: URL?) throws -> Bool {
        guard !existing.isFolder, let contents else { return true }
        guard let folder = folder(ofContainer: existing.parent) else { throw FileProviderError.changedOnDisk(root) }
        let stored = URL(fileURLWithPath: folder.path).appendingPathComponent(existing.diskName)
        guard let incoming = try? Data(contentsOf: contents), Int64(incoming.count) == existing.disk.size else {
            return false
        }
        return incoming == (try Data(contentsOf: stored))
    }

    /// The error for a name that is free in the records but taken on disk by an entry no rescan
    /// has seen yet: a collision with that entry once a rescan has made it an item.
    func collisionOnDisk(
        named filename: String,
        in parent: ItemIdentifier,
        at folder: DirectoryDescriptor
    ) throws -> FileProviderError {
        try rescan()
        if let existing = state.child(named: filename, in: parent) { return .collision(with: existing.snapshot) }
        return .changedOnDisk(URL(fileURLWithPath: folder.path).appendingPathComponent(filename))
    }
}

extension ItemRecord {
    /// Stores the metadata fields the provider keeps in its state: tags, last use and favorite rank.
    mutating func applyMetadata(of item: any FileProviderItem, fields: ItemFields) {
        if fields.contains(.tagData) { tagData = item.tagData }
        if fields.contains(.lastUsedDate) { lastUsedDate = item.lastUsedDate }
        if fields.contains(.favoriteRank) { favoriteRank = item.favoriteRank }
    }
}
