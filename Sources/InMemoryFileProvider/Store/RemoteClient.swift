import FileProviderKit
import Foundation

/// Another client of the server: the changes it makes apply to the store directly — no faults,
/// latency, offline or authentication switches apply — are recorded in the change log like any
/// other, and signal the working set, so hosts catch up as they would after a push notification.
///
/// Each method validates like the provider's operations: it throws the same
/// `FileProviderError` (`FileProviderError.Code.noSuchItem`,
/// `FileProviderError.Code.filenameCollision`, `FileProviderError.Code.invalidFilename`,
/// `FileProviderError.Code.invalidArgument` …) and then changes nothing.
public struct RemoteClient: Sendable {
    let store: InMemoryStore

    /// Creates a file with `contents`.
    ///
    /// - Returns: the new item.
    @discardableResult
    public func createFile(
        named filename: String,
        in parent: ItemIdentifier = .rootContainer,
        contents: Data = Data(),
        contentType: ContentType? = nil
    ) throws(FileProviderError) -> ItemSnapshot {
        let type = contentType ?? ContentType.forFilename(filename)
        guard !type.isDirectory, !type.isSymbolicLink else {
            throw FileProviderError(.invalidArgument, message: "\(type) is not a file type.")
        }
        return try create(filename, in: parent, type: type, contents: contents)
    }

    /// Creates a folder.
    ///
    /// - Returns: the new folder.
    @discardableResult
    public func createFolder(
        named filename: String,
        in parent: ItemIdentifier = .rootContainer
    ) throws(FileProviderError)
        -> ItemSnapshot
    {
        try create(filename, in: parent, type: .folder, contents: nil)
    }

    /// Creates a symbolic link to `target`.
    ///
    /// - Returns: the new link.
    @discardableResult
    public func createSymbolicLink(
        named filename: String,
        in parent: ItemIdentifier = .rootContainer,
        target: String
    ) throws(FileProviderError) -> ItemSnapshot {
        try create(filename, in: parent, type: .symbolicLink, contents: nil, target: target)
    }

    /// Replaces a file's content (a symbolic link's target, given as UTF-8).
    ///
    /// - Returns: the item as changed.
    @discardableResult
    public func modifyContents(
        of identifier: ItemIdentifier,
        to contents: Data
    ) throws(FileProviderError)
        -> ItemSnapshot
    {
        try modify(identifier, fields: .contents, contents: contents) { item in
            if item.contentType.isSymbolicLink { item.symlinkTargetPath = String(decoding: contents, as: UTF8.self) }
        }
    }

    /// Renames an item.
    ///
    /// - Returns: the item as changed.
    @discardableResult
    public func rename(_ identifier: ItemIdentifier, to filename: String) throws(FileProviderError) -> ItemSnapshot {
        try modify(identifier, fields: .filename) { $0.filename = filename }
    }

    /// Moves an item into another folder (the trash included).
    ///
    /// - Returns: the item as changed.
    @discardableResult
    public func move(
        _ identifier: ItemIdentifier,
        to parent: ItemIdentifier
    ) throws(FileProviderError)
        -> ItemSnapshot
    {
        try modify(identifier, fields: .parentItemIdentifier) { $0.parentItemIdentifier = parent }
    }

    /// Moves an item to the trash.
    ///
    /// - Returns: the item as changed.
    @discardableResult
    public func trash(_ identifier: ItemIdentifier) throws(FileProviderError) -> ItemSnapshot {
        try move(identifier, to: .trashContainer)
    }

    /// Moves an item out of the trash into `parent`.
    ///
    /// - Returns: the item as changed.
    @discardableResult
    public func restore(
        _ identifier: ItemIdentifier,
        to parent: ItemIdentifier = .rootContainer
    )
        throws(FileProviderError) -> ItemSnapshot
    {
        try move(identifier, to: parent)
    }

    /// Deletes an item and everything below it, whatever its version. Deleting an identifier that
    /// does not exist does nothing.
    public func delete(_ identifier: ItemIdentifier) throws(FileProviderError) {
        let deleted = try store.mutate { (state, _) throws(FileProviderError) in
            try state.delete(identifier, baseVersion: nil, recursive: true)
        }
        if deleted > 0 { store.signalWorkingSet() }
    }

    private func create(
        _ filename: String,
        in parent: ItemIdentifier,
        type: ContentType,
        contents: Data?,
        target: String? = nil
    ) throws(FileProviderError) -> ItemSnapshot {
        let template = ItemSnapshot(
            itemIdentifier: ItemIdentifier(""),
            parentItemIdentifier: parent,
            filename: filename,
            contentType: type,
            symlinkTargetPath: target
        )
        let result = try store.mutate { (state, now) throws(FileProviderError) in
            try state.create(template, fields: [], content: contents, options: [], now: now)
        }
        guard let item = result?.item as? ItemSnapshot else {
            throw FileProviderError(.cannotSynchronize, message: "The item was not created.")
        }
        store.signalWorkingSet()
        return item
    }

    private func modify(
        _ identifier: ItemIdentifier,
        fields: ItemFields,
        contents: Data? = nil,
        change: (inout ItemSnapshot) -> Void
    ) throws(FileProviderError) -> ItemSnapshot {
        let (result, _) = try store.mutate { (state, now) throws(FileProviderError) in
            guard var item = state.storedItem(identifier) else {
                throw identifier.isReservedContainer
                    ? FileProviderError(.fileWriteNoPermission, itemIdentifier: identifier)
                    : .nonExistentItem(withIdentifier: identifier)
            }
            let base = item.itemVersion
            change(&item)
            return try state.modify(
                item,
                baseVersion: base,
                changedFields: fields,
                content: contents,
                options: [],
                now: now
            )
        }
        store.signalWorkingSet()
        return ItemSnapshot(result.item)
    }
}
