import Foundation

/// A file provider: the code that exposes a backend's files as items, lists them, reports their
/// changes, and applies the creations, modifications and deletions the system sends.
///
/// The Swift form of Apple's `NSFileProviderReplicatedExtension`: every operation is `async
/// throws` instead of taking a completion handler, and cancellation is task cancellation. The
/// contract every implementation meets:
/// - Every failing call throws a ``FileProviderError`` with the code the caller acts on (or
///   `CancellationError` when its task is cancelled, promptly) and leaves the store as it was.
/// - Identifiers are the provider's: opaque, stable across rename, move, trash and restore, never
///   reused. The identifier of a template passed to ``createItem(basedOn:fields:contents:options:request:)``
///   is the system's; the returned item carries the provider's.
/// - Content travels as file URLs, never as whole-file data in memory. Files handed in belong to
///   the caller and may be deleted once the call returns; files handed out belong to the caller.
/// - Calls may arrive concurrently.
///
/// The rules of listing and change reporting are on ``Enumerator``, ``EnumerationObserver`` and
/// ``ChangeObserver``. Optional features are separate protocols: ``PartialContentFetching``,
/// ``Thumbnailing`` and ``CustomActionPerforming``.
public protocol FileProvider: Sendable {
    /// The current state of an item.
    ///
    /// - Throws: ``FileProviderError/Code/noSuchItem`` when no item has `identifier` (deleted
    ///   items included), or a resolvable error such as ``FileProviderError/Code/serverUnreachable``.
    func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem

    /// Writes an item's content to a file and returns it with the item.
    ///
    /// - Parameters:
    ///   - identifier: the file (or symbolic link) whose content to fetch.
    ///   - version: the version wanted, or `nil` for the latest.
    ///   - request: who asks, and the progress to report.
    /// - Throws: ``FileProviderError/Code/noSuchItem``; ``FileProviderError/Code/invalidArgument``
    ///   for a directory; ``FileProviderError/Code/versionNoLongerAvailable`` when `version` is gone.
    func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    )
        async throws -> FetchedContents

    /// Creates an item from a template and returns it as stored, with the provider's identifier.
    ///
    /// - Parameters:
    ///   - template: the item to create; only the properties in `fields` (plus identifier, parent,
    ///     filename and content type) are defined.
    ///   - fields: the properties of `template` that are defined.
    ///   - contents: the content of a file, `nil` for folders (a symbolic link's target is in the
    ///     template).
    ///   - options: with ``CreateItemOptions/mayAlreadyExist``, a matching existing item is
    ///     returned instead of a duplicate.
    ///   - request: who asks, and the progress to report.
    /// - Returns: the result, or `nil` when the provider refuses the item (with
    ///   ``CreateItemOptions/mayAlreadyExist``: when nothing matches and there is no content).
    /// - Throws: ``FileProviderError/Code/noSuchItem`` when the parent does not exist;
    ///   ``FileProviderError/Code/filenameCollision`` carrying the existing item;
    ///   ``FileProviderError/Code/invalidFilename``; ``FileProviderError/Code/fileReadNoSuchFile``
    ///   when `contents` is missing (a dangling symbolic link included);
    ///   ``FileProviderError/Code/fileReadUnknown`` when it is not a readable regular file (a
    ///   folder, a pipe) — a symbolic link is read through, and the provider keeps the target's
    ///   bytes; resolvable errors such as ``FileProviderError/Code/insufficientQuota``.
    func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult?

    /// Applies every field in `changedFields` to an item in one call and returns it as stored.
    ///
    /// Renaming, moving, trashing (moving to ``ItemIdentifier/trashContainer``), restoring,
    /// replacing content and editing metadata are all modifications.
    ///
    /// Returning `nil` (Apple's completion handler called with no item and no error) says the item
    /// no longer exists on the backend or has left the domain: the consumer deletes its copy — a
    /// folder stays until its children have left it too, through the working set — and local edits
    /// it has not sent are re-created with ``CreateItemOptions/deletionConflicted``. Return `nil`
    /// only when the item is gone: afterwards ``item(for:request:)`` fails with
    /// ``FileProviderError/Code/noSuchItem`` and no listing holds the item. Throwing `noSuchItem` for
    /// a missing item is equally allowed, and is the only answer for a missing new parent.
    ///
    /// - Parameters:
    ///   - item: the item with its new values; only the fields in `changedFields` are meaningful.
    ///   - baseVersion: the version the change was made on. When the stored version is newer,
    ///     the provider fails with ``FileProviderError/Code/localVersionConflictingWithServer``
    ///     under ``ModifyItemOptions/failOnConflict``, and otherwise resolves the conflict without
    ///     losing either side's content.
    ///   - changedFields: the fields of `item` that changed; the others are to be left as stored.
    ///   - contents: the new content when `changedFields` contains ``ItemFields/contents``.
    ///   - options: ``ModifyItemOptions/failOnConflict`` and the other options of the change.
    ///   - request: who asks, and the progress to report.
    /// - Returns: the item as stored, the fields still pending and whether the consumer should
    ///   fetch the content; or `nil` when the item no longer exists (see above).
    /// - Throws: ``FileProviderError/Code/noSuchItem`` when the item or the new parent does not
    ///   exist; ``FileProviderError/Code/filenameCollision``; ``FileProviderError/Code/invalidFilename``;
    ///   ``FileProviderError/Code/invalidArgument`` when a folder would move into itself or its
    ///   descendants; ``FileProviderError/Code/fileReadNoSuchFile`` /
    ///   ``FileProviderError/Code/fileReadUnknown`` for a `contents` file that is missing or not a
    ///   readable regular file, as for creation; resolvable errors.
    func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult?

    /// Deletes an item permanently (trashing is a modification).
    ///
    /// Deleting an identifier that does not exist succeeds.
    ///
    /// - Throws: ``FileProviderError/Code/directoryNotEmpty`` for a non-empty folder without
    ///   ``DeleteItemOptions/recursive``; ``FileProviderError/Code/deletionRejected`` carrying the
    ///   current item when `baseVersion` is out of date; resolvable errors.
    func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    )
        async throws

    /// An enumerator for a folder, the root, the trash or the working set. It must be cheap: the
    /// work happens when the enumerator is used.
    ///
    /// - Throws: ``FileProviderError/Code/noSuchItem`` when the container does not exist or is not
    ///   a directory; ``FileProviderError/Code/featureUnsupported`` for the trash of a provider
    ///   without one.
    func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator

    /// Tells the provider it is being torn down: it releases what it holds and ends its work.
    /// Default: does nothing.
    func invalidate() async

    /// Tells the provider an import started by the system has finished. Default: does nothing.
    func importDidFinish() async

    /// Tells the provider that the set of items with local content changed. Default: does nothing.
    func materializedItemsDidChange() async

    /// Tells the provider that the set of items waiting to be synchronized changed. Default:
    /// does nothing.
    func pendingItemsDidChange() async
}

extension FileProvider {
    /// Does nothing.
    public func invalidate() async {}
    /// Does nothing.
    public func importDidFinish() async {}
    /// Does nothing.
    public func materializedItemsDidChange() async {}
    /// Does nothing.
    public func pendingItemsDidChange() async {}
}
