import FileProviderBackendSupport
import FileProviderKit
import Foundation

/// A file provider over an S3 bucket: files are objects, folders are prefixes with a marker
/// object, renames and moves are copies and deletions.
///
/// ```swift
/// let provider = try await ObjectStoreProvider(
///     configuration: S3Configuration(endpoint: endpoint, bucket: "documents", accessKeyID: key, secretAccessKey: secret),
///     stateDirectory: state
/// )
/// ```
///
/// What it promises, and the building block of FileProviderBackendSupport that keeps each promise:
/// - **Identifiers are stable** across renames and moves, and survive restarts: an
///   `IdentifierMap` keeps key ↔ identifier, a folder's move with its descendants as one update;
///   each object also carries its identifier in its metadata (`x-amz-meta-fpk-id`).
/// - **Changes are reported in order** from anchors that survive restarts and expire with the
///   store's epoch: a `ChangeJournal`.
/// - **Listings are complete**, whatever the number of children: every `ListObjectsV2` page is
///   read (``S3Configuration/maxKeys`` a request), and pages are keyset positions in one total
///   order (`SortedListing`).
/// - **A move is never half done**: the copies and deletions of a file's or a folder's objects (and
///   a file's new content, written at its new key in place of its copy) are a `KeyMove`, whose
///   intent is journaled first; a failure while copying rolls back and the call fails, one after
///   every copy rolls forward and the call returns. A recursive deletion is a `KeyMove` without
///   destinations. What a failure or a crash leaves is settled before the next change to the
///   bucket, and when the provider next opens.
///
/// Capabilities: writing, fail-on-conflict, fresh instances, store resets and history expiry;
/// names are case-sensitive (as S3 keys are). No trash, no symbolic links, no partial content, no
/// conflict copies; changes other clients make to the bucket are not detected (objects without a
/// known key are not listed).
///
/// Operations run one at a time: each checks, changes the bucket, then its bookkeeping.
public actor ObjectStoreProvider: FileProvider {
    /// The S3 client, with its fault injection.
    public nonisolated let client: S3Client
    /// The provider's state folder.
    public nonisolated let stateDirectory: URL
    private let store: ObjectStore
    private let gate = OperationGate()
    private var invalidated = false

    /// Opens the provider over `configuration`'s bucket (created when missing) with its state in
    /// `stateDirectory` (created when missing), and settles any move a crash left open.
    ///
    /// - Throws: `cannotSynchronize` when the state cannot be read; `serverUnreachable` or
    ///   `notAuthenticated` when the bucket cannot be reached.
    public init(
        configuration: S3Configuration,
        stateDirectory: URL,
        faults: RequestFaults = RequestFaults()
    ) async throws {
        let client = S3Client(configuration: configuration, faults: faults)
        try await client.createBucket()
        self.client = client
        self.stateDirectory = stateDirectory
        store = try await ObjectStore.open(folder: stateDirectory, client: client)
    }

    /// The current state of an item.
    ///
    /// - Throws: `noSuchItem` for an unknown or deleted identifier, the working set and the trash.
    public func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        try checkOpen()
        if identifier == .rootContainer {
            return ItemSnapshot(
                itemIdentifier: .rootContainer,
                parentItemIdentifier: .rootContainer,
                filename: client.configuration.bucket,
                contentType: .folder,
                itemVersion: ItemVersion(contentRevision: 0, metadataRevision: 0)
            )
        }
        guard let item = store.item(identifier) else {
            throw FileProviderError.nonExistentItem(withIdentifier: identifier)
        }
        return item
    }

    /// Downloads a file's object into a new file the caller owns.
    ///
    /// - Throws: `noSuchItem`; `invalidArgument` for a folder; `versionNoLongerAvailable` for an
    ///   older version (the bucket keeps only the latest).
    public func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws
        -> FetchedContents
    {
        try Task.checkCancellation()
        try checkOpen()
        return try await gate.run { [store] in try await store.fetch(identifier, version: version) }
    }

    /// Creates a file (one PUT) or a folder (a marker object).
    ///
    /// - Throws: `invalidFilename`; `noSuchItem` for a missing parent; `filenameCollision`;
    ///   `featureUnsupported` for a symbolic link or the trash; `fileReadNoSuchFile` /
    ///   `fileReadUnknown` for a contents file that cannot be read; S3's errors, with nothing created.
    public func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try Task.checkCancellation()
        try checkOpen()
        let snapshot = ItemSnapshot(template)
        return try await gate.run { [store] in
            try await store.create(snapshot, fields: fields, contents: contents, options: options)
        }
    }

    /// Applies every changed field: a rename or move (a journaled `KeyMove`), content, tags,
    /// favorite rank, last-used and modification dates. Creation date, flags, extended attributes
    /// and type codes come back as still pending.
    ///
    /// - Throws: `noSuchItem`; `localVersionConflictingWithServer` under `failOnConflict` with a
    ///   stale base; `filenameCollision`; `invalidFilename`; `invalidArgument` for a folder moved
    ///   into itself; `featureUnsupported` for a move into the trash; `fileWriteNoPermission` for
    ///   the root, working set and trash; S3's errors, with every key where it was (once every
    ///   object of a move is copied, the call returns instead; see the type's rules).
    public func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try Task.checkCancellation()
        try checkOpen()
        let snapshot = ItemSnapshot(item)
        return try await gate.run { [store] in
            try await store.modify(
                snapshot,
                baseVersion: baseVersion,
                changedFields: changedFields,
                contents: contents,
                options: options
            )
        }
    }

    /// Deletes an item permanently; an unknown identifier is already deleted.
    ///
    /// - Throws: `deletionRejected` for a stale base version; `directoryNotEmpty`;
    ///   `fileWriteNoPermission` for the root, working set and trash; S3's errors when the first
    ///   object's deletion fails, with nothing deleted (after it, the deletion is done).
    public func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    ) async throws {
        try Task.checkCancellation()
        try checkOpen()
        try await gate.run { [store] in try await store.delete(identifier, baseVersion: baseVersion, options: options) }
    }

    /// An enumerator for a folder, the root or the working set.
    ///
    /// - Throws: `noSuchItem` for a file or an unknown identifier; `featureUnsupported` for the
    ///   trash.
    public func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator
    {
        try checkOpen()
        if containerItemIdentifier == .trashContainer {
            throw FileProviderError(.featureUnsupported, message: "ObjectStoreProvider has no trash.")
        }
        guard containerItemIdentifier == .workingSet || store.isContainer(containerItemIdentifier) else {
            throw FileProviderError.nonExistentItem(withIdentifier: containerItemIdentifier)
        }
        return ObjectStoreEnumerator(provider: self, container: containerItemIdentifier)
    }

    /// Ends the provider: later calls fail with `cannotSynchronize`.
    public func invalidate() async {
        invalidated = true
    }

    /// Starts a new store epoch, as a state restored from a backup would: every page and anchor
    /// handed out before expires.
    ///
    /// - Throws: `cannotSynchronize` when the state cannot be written.
    public func resetEpoch() throws {
        try store.changes.resetEpoch()
    }

    /// Forgets the change history: anchors from before it expire.
    ///
    /// - Throws: `cannotSynchronize` when the state cannot be written.
    public func expireHistory() throws {
        try store.changes.expireHistory()
    }

    /// The bucket key of an item (a folder's without its trailing `/`).
    ///
    /// - Throws: `noSuchItem` for an unknown identifier.
    public func key(of identifier: ItemIdentifier) throws -> String {
        guard let key = store.identifiers.key(for: identifier) else {
            throw FileProviderError.nonExistentItem(withIdentifier: identifier)
        }
        return key
    }

    // MARK: For the enumerator

    func page(of container: ItemIdentifier, startingAt page: Page, limit: Int) async throws -> ItemPage {
        try checkOpen()
        return try await gate.run { [store] in try await store.page(of: container, startingAt: page, limit: limit) }
    }

    func changes(since anchor: SyncAnchor, limit: Int) throws -> ChangeBatch {
        try checkOpen()
        return try store.changes.changes(since: anchor, limit: limit)
    }

    func currentAnchor() throws -> SyncAnchor {
        try checkOpen()
        return try store.changes.currentAnchor()
    }

    private func checkOpen() throws {
        guard !invalidated else {
            throw FileProviderError(.cannotSynchronize, message: "The provider was invalidated; open a new one.")
        }
    }
}
