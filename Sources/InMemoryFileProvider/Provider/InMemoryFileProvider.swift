import FileProviderKit
import Foundation

/// The reference provider: every rule of the contract, kept in memory by an ``InMemoryStore``.
///
/// A provider is a cheap view of its store: any number may share one, and a fresh one continues
/// from the pages and anchors another handed out. What it guarantees beyond `FileProvider`:
/// - Every failing call throws a `FileProviderError` with the code documented on the method
///   (or `CancellationError`, checked before any change) and leaves the store exactly as it was.
/// - Identifiers come from the store's generator, never from a template, and are never reused.
///   A version's content component changes exactly when the content (a symbolic link's target)
///   does; its metadata component changes with every change of the item.
/// - Filenames collide under the configuration's ``InMemoryStoreConfiguration/caseRule``.
/// - Content goes in and out through files; fetched content is written to the configuration's
///   ``InMemoryStoreConfiguration/temporaryDirectory`` or to a folder the provider creates and
///   removes in ``invalidate()``.
/// - The store's test knobs (faults, latency, quota, offline, authentication) apply to every
///   operation, enumerations included, before it does anything.
public final class InMemoryFileProvider: FileProvider, PartialContentFetching {
    /// The store this provider reads and writes.
    public let store: InMemoryStore
    let files: ContentFiles

    /// Creates a provider over `store`.
    public init(store: InMemoryStore) {
        self.store = store
        self.files = ContentFiles(directory: store.configuration.temporaryDirectory)
    }

    /// The current state of an item: a stored item, the root, or the trash when the domain has one.
    ///
    /// - Throws: `FileProviderError.Code.noSuchItem` for any other identifier (deleted items
    ///   and the working set included); the knobs' errors.
    public func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        try await store.begin(.item, identifier)
        return try store.mutate { (state, _) throws(FileProviderError) in
            guard let item = state.item(identifier) else { throw .nonExistentItem(withIdentifier: identifier) }
            return item
        }
    }

    /// Writes a file's content (a symbolic link's target, as UTF-8) to a new file.
    ///
    /// - Parameters:
    ///   - identifier: the file or symbolic link whose content to fetch.
    ///   - version: `nil` or the current version; the store keeps no older content.
    ///   - request: who asks; the provider reports progress on it.
    /// - Throws: `FileProviderError.Code.noSuchItem`; `FileProviderError.Code.invalidArgument`
    ///   for a directory; `FileProviderError.Code.versionNoLongerAvailable` when `version` is
    ///   not the current one; `FileProviderError.Code.cannotSynchronize` when the file cannot
    ///   be written; the knobs' errors.
    public func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws -> FetchedContents {
        try await store.begin(.fetchContents, identifier)
        let (item, data) = try currentContent(of: identifier, version: version, strict: true)
        request.progress.startTransfer(byteCount: Int64(data.count))
        let url = try files.write(data, named: item.filename)
        request.progress.finishTransfer()
        return FetchedContents(url: url, item: item)
    }

    /// Creates an item with an identifier of the store's.
    ///
    /// The template's identifier is ignored. Properties listed in `fields` are taken from the
    /// template; the creation and modification dates default to now. A file created without
    /// content is empty. Under `CreateItemOptions.mayAlreadyExist` an existing item with the
    /// same name (under the case rule), the same kind and the same content (or no content given)
    /// is returned instead of a collision.
    ///
    /// - Returns: the result, or `nil` under `CreateItemOptions.mayAlreadyExist` for a file
    ///   without content that matches no item.
    /// - Throws: `FileProviderError.Code.invalidFilename`; `FileProviderError.Code.noSuchItem`
    ///   when the parent is not a container; `FileProviderError.Code.featureUnsupported` for
    ///   the trash of a domain without one; `FileProviderError.Code.filenameCollision` carrying
    ///   the existing item; `FileProviderError.Code.invalidArgument` for content given to a
    ///   folder or symbolic link, or a symbolic link without target;
    ///   `FileProviderError.Code.fileReadNoSuchFile` / `FileProviderError.Code.fileReadUnknown`
    ///   when `contents` cannot be read; `FileProviderError.Code.insufficientQuota`;
    ///   `FileProviderError.Code.cannotSynchronize` when the identifier generator misbehaves;
    ///   the knobs' errors.
    public func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try await store.begin(.createItem, template.itemIdentifier, template.parentItemIdentifier)
        let snapshot = ItemSnapshot(template)
        let limit = store.configuration.maximumContentSize
        let content = try contents.map { (url) throws(FileProviderError) in try ContentFiles.read(url, limit: limit) }
        if let content { try store.steps { _ in StoreState.uploadSteps(content.count) } }
        try Task.checkCancellation()
        return try store.commit { (state, now) throws(FileProviderError) in
            try state.create(snapshot, fields: fields, content: content, options: options, now: now)
        }
    }

    /// Applies every field of `changedFields` in one step: rename, move, trash (a move to
    /// `ItemIdentifier.trashContainer`), restore (a move out of it), content and metadata.
    ///
    /// Conflicts: when `baseVersion` is not the stored version, `ModifyItemOptions.failOnConflict`
    /// fails the call. Without it, metadata changes apply, and new content based on an older
    /// content version is kept as a conflict-copy sibling ("name (conflicted copy).ext") while
    /// the item keeps the server's content; the result then has `shouldFetchContent` set, and
    /// the working set is signalled. Fields outside `ItemFields.all` come back as still
    /// pending; content changes of a folder are ignored. A change that changes nothing keeps the
    /// version.
    ///
    /// - Returns: the item as stored; never `nil` — a missing item throws `noSuchItem` instead.
    /// - Throws: `FileProviderError.Code.fileWriteNoPermission` for the root, the working set or
    ///   the trash; `FileProviderError.Code.noSuchItem` for an unknown item or new parent;
    ///   `FileProviderError.Code.invalidArgument` when the item would change between directory
    ///   and non-directory (or symbolic link and not), a folder would move into itself or a
    ///   descendant, or content is missing; `FileProviderError.Code.invalidFilename`;
    ///   `FileProviderError.Code.filenameCollision`; `FileProviderError.Code.featureUnsupported`
    ///   when trashing in a domain without trash;
    ///   `FileProviderError.Code.localVersionConflictingWithServer`;
    ///   `FileProviderError.Code.fileReadNoSuchFile` / `FileProviderError.Code.fileReadUnknown`;
    ///   `FileProviderError.Code.insufficientQuota`; the knobs' errors.
    public func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try await store.begin(.modifyItem, item.itemIdentifier)
        let snapshot = ItemSnapshot(item)
        let limit = store.configuration.maximumContentSize
        let content =
            changedFields.contains(.contents)
            ? try contents.map { (url) throws(FileProviderError) in try ContentFiles.read(url, limit: limit) } : nil
        let stagesMetadata = !changedFields.subtracting(.contents).isEmpty
        try store.steps { _ in (content.map { StoreState.uploadSteps($0.count) } ?? 0) + (stagesMetadata ? 1 : 0) }
        try Task.checkCancellation()
        let (result, conflictCopy) = try store.commit { (state, now) throws(FileProviderError) in
            try state.modify(
                snapshot,
                baseVersion: baseVersion,
                changedFields: changedFields,
                content: content,
                options: options,
                now: now
            )
        }
        if conflictCopy != nil { store.signalWorkingSet() }
        return result
    }

    /// Deletes an item permanently; with `DeleteItemOptions.recursive`, a folder and everything
    /// below it (each reported as deleted through the working set's changes). Deleting an
    /// identifier that does not exist succeeds.
    ///
    /// - Throws: `FileProviderError.Code.fileWriteNoPermission` for the root, the working set or
    ///   the trash; `FileProviderError.Code.deletionRejected` carrying the current item when
    ///   `baseVersion` is not the stored version; `FileProviderError.Code.directoryNotEmpty`;
    ///   the knobs' errors.
    public func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    ) async throws {
        try await store.begin(.deleteItem, identifier)
        try store.steps { $0.treeSize(identifier) }
        try store.commit { (state, _) throws(FileProviderError) in
            try state.delete(identifier, baseVersion: baseVersion, recursive: options.contains(.recursive))
        }
    }

    /// An enumerator for the root, a directory, the trash or the working set. It checks the
    /// container now; a container deleted later makes its enumerations fail with
    /// `FileProviderError.Code.noSuchItem`.
    ///
    /// - Throws: `FileProviderError.Code.noSuchItem` when the container does not exist or is not
    ///   a directory; `FileProviderError.Code.featureUnsupported` for the trash of a domain
    ///   without one; the knobs' errors.
    public func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator
    {
        try await store.begin(.enumerator, containerItemIdentifier)
        try store.mutate { (state, _) throws(FileProviderError) in
            if containerItemIdentifier != .workingSet, state.folder(containerItemIdentifier) == nil {
                try state.validateContainer(containerItemIdentifier)
            }
        }
        return InMemoryEnumerator(store: store, container: containerItemIdentifier)
    }

    /// Removes the temporary folder the provider created for fetched content, with any file
    /// left in it.
    public func invalidate() async {
        files.removeTemporaryDirectory()
    }

    /// The content of a file or symbolic link, checked against `version`.
    func currentContent(
        of identifier: ItemIdentifier,
        version: ItemVersion?,
        strict: Bool
    ) throws(FileProviderError) -> (item: ItemSnapshot, data: Data) {
        try store.mutate { (state, _) throws(FileProviderError) in
            guard let item = state.storedItem(identifier) else { throw .nonExistentItem(withIdentifier: identifier) }
            if item.contentType.isDirectory {
                throw FileProviderError(
                    .invalidArgument,
                    itemIdentifier: identifier,
                    message: "A directory has no content."
                )
            }
            if strict, let version, version.contentVersion != item.itemVersion.contentVersion {
                throw FileProviderError(
                    .versionNoLongerAvailable,
                    itemIdentifier: identifier,
                    message: "Only the current version, \(item.itemVersion), is available."
                )
            }
            let data = item.symlinkTargetPath.map { Data($0.utf8) } ?? state.content(of: identifier)
            return (item, data)
        }
    }
}
