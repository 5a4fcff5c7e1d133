import FileProviderKit
import Foundation

/// A file provider whose backend is a real directory: files are real files, folders real folders.
///
/// ```swift
/// let provider = try LocalFolderProvider(rootDirectory: documents, stateDirectory: state)
/// ```
///
/// The provider keeps what a directory cannot hold — identifiers, versions, the change history,
/// tags — in a state folder of its own, beside the root and never inside it, together with the
/// trash. What it promises:
/// - **Identifiers** are stable across rename, move, trash and restore, also when another program
///   renames or moves entries directly in the directory (the provider recognises a file by its
///   device and inode), and are never reused (an epoch and a serial number).
/// - **Versions** change exactly when the content or the metadata do.
/// - **Sync anchors survive a restart**: a new instance over the same folders continues from an
///   anchor or page the old one handed out.
/// - **Changes made by other programs** — creations, edits, renames, moves, deletions, also
///   moves into and out of the trash folder — are remote changes: ``rescan()`` records them and
///   change enumeration reports them.
/// - **Nothing outside the root is ever read or written**: identifiers are looked up, never
///   interpreted as paths; names are checked with `Filename`; symbolic links on disk are never
///   items and never followed; every path is checked against the recorded files before use.
/// - **Acknowledged means durable**: an operation that returned survives the process being
///   killed right after (staged and flushed, journaled as an intent, renamed into place and
///   flushed before returning), and one that failed or was cut short by a crash is whole or
///   absent.
///
/// Only one instance may have a state folder open at a time; ``invalidate()`` closes it.
public actor LocalFolderProvider: FileProvider {
    /// The directory the provider exposes, with symbolic links in its path resolved.
    public nonisolated let rootDirectory: URL
    /// The provider's state folder.
    public nonisolated let stateDirectory: URL
    private var store: FolderStore?

    /// Opens `rootDirectory`, keeping the provider's state in `stateDirectory` (created if
    /// needed), and records whatever changed on disk since the state was last written.
    ///
    /// - Throws: `noSuchItem` when the root is not a directory; `invalidArgument` when one folder
    ///   contains the other or they are on different devices; `cannotSynchronize` when another
    ///   instance has the state folder open or the state cannot be read.
    public init(rootDirectory: URL, stateDirectory: URL) throws {
        try self.init(rootDirectory: rootDirectory, stateDirectory: stateDirectory, watchLimit: .max)
    }

    /// Opens `rootDirectory` as ``init(rootDirectory:stateDirectory:)`` does, adding at most
    /// `watchLimit` inotify watches (tests give a low limit to exercise running out of watches).
    init(rootDirectory: URL, stateDirectory: URL, watchLimit: Int) throws {
        let store = try FolderStore(root: rootDirectory, state: stateDirectory, watchLimit: watchLimit)
        self.rootDirectory = store.root
        self.stateDirectory = store.stateFolder.url
        self.store = store
    }

    /// Records the changes other programs made in the directory since the last rescan, so that
    /// change enumeration reports them; then signal the working set. Cheap when nothing changed:
    /// on Linux the provider watches every folder with inotify and looks only at the entries the
    /// kernel reported, so call it as often as you like (the mount calls it every refresh).
    /// Without inotify, after the kernel's event queue overflowed, or once the user's inotify
    /// watch limit is reached, it walks the whole directory instead.
    ///
    /// - Returns: the number of items created, changed or deleted.
    @discardableResult
    public func rescan() throws -> Int {
        try open().rescanChanges()
    }

    /// Where an item is on disk: below the root, or below the state folder's `trash` for a
    /// trashed item.
    ///
    /// - Throws: `noSuchItem` for an identifier the provider does not know.
    public func location(of identifier: ItemIdentifier) throws -> URL {
        let store = try open()
        if identifier == .rootContainer { return store.root }
        guard let record = store.state.records[identifier], let url = store.url(of: record) else {
            throw FileProviderError.nonExistentItem(withIdentifier: identifier)
        }
        return url
    }

    /// The current state of an item, as of the last operation or rescan. The root is a folder
    /// whose parent is itself; the trash (the domain always has one) a folder in the root.
    ///
    /// - Throws: `noSuchItem` for an unknown or deleted identifier, and for the working set,
    ///   which is a container to enumerate, never an item.
    public func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        let store = try open()
        if identifier == .rootContainer { return store.rootItem }
        if identifier == .trashContainer { return store.trashItem }
        guard let record = store.state.records[identifier] else {
            throw FileProviderError.nonExistentItem(withIdentifier: identifier)
        }
        return record.snapshot
    }

    /// Copies a file's content into a new file the caller owns.
    ///
    /// - Throws: `noSuchItem`; `invalidArgument` for a folder; `versionNoLongerAvailable` when
    ///   `version` is not the current one (the directory keeps only the latest content);
    ///   `cannotSynchronize` when the file on disk is not the one recorded.
    public func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws -> FetchedContents {
        try Task.checkCancellation()
        let store = try open()
        if !identifier.isReservedContainer { try store.settle([identifier]) }
        guard let record = store.state.records[identifier] else {
            if identifier.isReservedContainer {
                throw FileProviderError(
                    .invalidArgument,
                    itemIdentifier: identifier,
                    message: "A folder has no content."
                )
            }
            throw FileProviderError.nonExistentItem(withIdentifier: identifier)
        }
        guard !record.isFolder else {
            throw FileProviderError(.invalidArgument, itemIdentifier: identifier, message: "A folder has no content.")
        }
        guard let folder = store.folder(ofContainer: record.parent) else {
            throw FileProviderError.changedOnDisk(store.root)
        }
        if let version, version.contentVersion != record.version.contentVersion {
            throw FileProviderError(.versionNoLongerAvailable, itemIdentifier: identifier, item: record.snapshot)
        }
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("LocalFolderProvider-\(UUID().uuidString)")
        do {
            try ContentReader.copy(record.diskName, in: folder, expecting: record.disk.identity, to: destination)
        } catch {
            try? FileManager.default.removeItem(at: destination)
            throw error
        }
        return FetchedContents(url: destination, item: record.snapshot)
    }

    /// Creates a file (from `contents`, or empty) of the template's content type, or a folder.
    ///
    /// - Throws: `invalidFilename`; `noSuchItem` for a missing parent; `filenameCollision` carrying
    ///   the existing item (with `mayAlreadyExist`, a folder of the same name, or a file of the same
    ///   name whose bytes equal `contents` — or any, when no contents come — is returned instead);
    ///   `featureUnsupported` for a symbolic link; `invalidArgument` for a
    ///   creation in the trash; `fileReadNoSuchFile` / `fileReadUnknown` for a contents file that
    ///   cannot be read; `CancellationError`, with nothing created.
    public func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try Task.checkCancellation()
        return try open().create(template, fields: fields, contents: contents, options: options)
    }

    /// Applies every changed field at once: filename, parent (a move, a trash, a restore),
    /// content, tags, last-used date, favorite rank and modification date. Creation date, flags,
    /// extended attributes and type codes come back as still pending.
    ///
    /// A stale `baseVersion` fails with `localVersionConflictingWithServer` under
    /// `failOnConflict`; otherwise new content on a stale content version is kept as a
    /// "(conflicted copy)" sibling, the item keeps the folder's content, and the result asks the
    /// caller to fetch it.
    ///
    /// - Throws: `noSuchItem` for an unknown item or parent; `invalidFilename`; `filenameCollision`;
    ///   `invalidArgument` for a folder moved into itself or below; `fileWriteNoPermission` for the
    ///   root, working set and trash; `CancellationError`, with nothing changed.
    public func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try Task.checkCancellation()
        return try open().modify(
            item,
            baseVersion: baseVersion,
            changedFields: changedFields,
            contents: contents,
            options: options
        )
    }

    /// Deletes an item permanently; an unknown identifier is already deleted.
    ///
    /// - Throws: `deletionRejected` carrying the current item when `baseVersion` is not current;
    ///   `directoryNotEmpty` for a non-empty folder without `.recursive`; `fileWriteNoPermission`
    ///   for the root, working set and trash; `CancellationError`, with nothing deleted.
    public func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    ) async throws {
        try Task.checkCancellation()
        try open().delete(identifier, baseVersion: baseVersion, options: options)
    }

    /// An enumerator for a folder, the root, the trash or the working set.
    ///
    /// - Throws: `noSuchItem` for a file or an unknown identifier.
    public func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator
    {
        let store = try open()
        guard containerItemIdentifier == .workingSet || store.state.isContainer(containerItemIdentifier) else {
            throw FileProviderError.nonExistentItem(withIdentifier: containerItemIdentifier)
        }
        return LocalFolderEnumerator(provider: self, container: containerItemIdentifier)
    }

    /// Closes the state folder and releases its lock; every later call fails with
    /// `cannotSynchronize`. Invalidating twice is harmless.
    public func invalidate() async {
        store?.close()
        store = nil
    }

    // MARK: For the enumerator

    func page(of container: ItemIdentifier, startingAt page: Page, limit: Int) throws -> ([ItemSnapshot], Page?) {
        try Task.checkCancellation()
        return try open().page(of: container, startingAt: page, limit: limit)
    }

    func changes(
        since anchor: SyncAnchor,
        limit: Int
    ) throws -> (updated: [ItemSnapshot], deleted: [ItemIdentifier], anchor: SyncAnchor, moreComing: Bool) {
        try Task.checkCancellation()
        return try open().changes(since: anchor, limit: limit)
    }

    func currentAnchor() throws -> SyncAnchor {
        try open().currentAnchor()
    }

    func open() throws -> FolderStore {
        guard let store else { throw FileProviderError.invalidated }
        return store
    }
}
