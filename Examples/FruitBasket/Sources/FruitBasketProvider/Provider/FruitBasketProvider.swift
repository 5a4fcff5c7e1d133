import AsyncHTTPClient
import FileProviderKit
import Foundation
import FruitBasketAPI
import NIOCore

/// A file provider whose items live on a FruitBasket server: every call is one or a few HTTP
/// requests, and the server decides versions, conflicts and quota.
///
/// ```swift
/// let provider = FruitBasketProvider(
///     configuration: FruitBasketConfiguration(baseURL: "http://127.0.0.1:8080", account: "me", secret: "…")
/// )
/// ```
///
/// What it promises, beyond `FileProvider`:
/// - **Identifiers and versions are the server's** (see ``WireItemMapping``): a fresh instance
///   over the same server continues from any page or anchor another handed out, since pages wrap
///   the server's keyset cursors and anchors its change-feed cursors.
/// - **Errors** follow ``FruitBasketErrorMapping``: an unreachable or failing server is
///   `serverUnreachable`, an expired token is renewed once before `notAuthenticated`, a full
///   account is `insufficientQuota`. A cancelled task ends its request at once with
///   `CancellationError`.
/// - **Conflicts are the server's to decide, and lose no bytes**: a change carries its base version
///   as `If-Match`; under `failOnConflict` a stale one fails with
///   `localVersionConflictingWithServer` carrying the current item, otherwise the server keeps its
///   content and stores the incoming content in a "(conflicted copy)" sibling, and the result asks
///   the caller to fetch the content again. A base version the provider did not make counts as
///   stale.
/// - **Content is streamed**: uploads read the contents file in chunks, downloads write the answer
///   to a new file in the temporary directory chunk by chunk.
public final class FruitBasketProvider: FileProvider, PartialContentFetching {
    /// The client every request goes through.
    public let client: FruitBasketClient

    /// Creates a provider talking to the server `configuration` names.
    ///
    /// - Parameters:
    ///   - configuration: the server, the account and the timeouts.
    ///   - httpClient: the `HTTPClient` to use, or `nil` for one the provider owns and shuts down
    ///     in ``invalidate()``.
    public init(configuration: FruitBasketConfiguration, httpClient: HTTPClient? = nil) {
        self.client = FruitBasketClient(configuration: configuration, httpClient: httpClient)
    }

    /// The current state of an item, the root and the trash included.
    ///
    /// - Throws: `noSuchItem` for an unknown identifier and for the working set; the mapped errors.
    public func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        WireItemMapping.snapshot(try await client.item(try Self.wireID(identifier)))
    }

    /// Downloads a file's content (a symbolic link's target, as UTF-8) to a new file the caller owns.
    ///
    /// - Throws: `noSuchItem`; `invalidArgument` for a folder; `versionNoLongerAvailable` when
    ///   `version` is an older content the server no longer keeps (it keeps a file's last few),
    ///   or not a version of this file; the mapped errors, with no file left behind.
    public func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws -> FetchedContents {
        let (item, url, _) = try await download(
            identifier,
            version: version,
            strict: true,
            range: nil,
            request: request
        )
        return FetchedContents(url: url, item: item)
    }

    /// Writes at least `minimalRange` of a file's content, aligned to `alignment`, to a new file,
    /// fetched with an HTTP `Range` request. The served range is written at its own offset (a
    /// sparse file `range.upperBound` bytes long, a hole before the range); a server that answers
    /// with the whole content gives the whole file, `0..<size`. Without `strictVersioning` the
    /// current content is served whatever `version` says.
    ///
    /// - Throws: `noSuchItem`; `invalidArgument` for a folder, an empty, negative or out-of-file
    ///   range, or an alignment that is not a power of two; `versionNoLongerAvailable` under
    ///   strict versioning; the mapped errors.
    public func fetchPartialContents(
        for identifier: ItemIdentifier,
        version: ItemVersion,
        request: Request,
        minimalRange: Range<Int64>,
        aligningTo alignment: Int,
        options: FetchContentsOptions
    ) async throws -> FetchedPartialContents {
        guard alignment > 0, alignment & (alignment - 1) == 0 else {
            throw FileProviderError(.invalidArgument, message: "The alignment \(alignment) is not a power of two.")
        }
        guard minimalRange.lowerBound >= 0, !minimalRange.isEmpty else {
            throw FileProviderError(
                .invalidArgument,
                itemIdentifier: identifier,
                message: "The range \(minimalRange) is empty or negative."
            )
        }
        let step = Int64(alignment)
        let lower = minimalRange.lowerBound / step * step
        let (roundedUp, overflow) = minimalRange.upperBound.addingReportingOverflow(step - 1)
        let upper = overflow ? Int64.max : roundedUp / step * step
        let (item, url, served) = try await download(
            identifier,
            version: version,
            strict: options.contains(.strictVersioning),
            range: lower...(upper - 1),
            request: request
        )
        let size = item.documentSize ?? 0
        return FetchedPartialContents(url: url, item: item, range: served ?? 0..<size)
    }

    /// Creates a file (from `contents`, uploaded first, or empty), a folder or a symbolic link.
    ///
    /// - Returns: the item as stored; under `mayAlreadyExist`, the existing item the server
    ///   matched.
    /// - Throws: `fileReadNoSuchFile` / `fileReadUnknown` for a contents file that cannot be read,
    ///   before anything is sent; `invalidArgument` for content given to a folder or a link, or a
    ///   link without a target; `noSuchItem` for a missing parent (and the working set);
    ///   `filenameCollision` carrying the existing item; `invalidFilename`; `insufficientQuota`;
    ///   the mapped errors.
    public func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        let kind = WireItemMapping.kind(template.contentType)
        if kind != .file, contents != nil {
            throw FileProviderError(.invalidArgument, message: "Only files have content; a \(kind) was given some.")
        }
        if kind == .symlink, template.symlinkTargetPath?.isEmpty ?? true {
            throw FileProviderError(.invalidArgument, message: "A symbolic link needs a non-empty target path.")
        }
        let parent = try Self.wireID(template.parentItemIdentifier)
        let file = try contents.map { (url) throws(FileProviderError) in try ContentsFile(opening: url) }
        try Task.checkCancellation()
        let upload = try await upload(file, request: request)
        let creation = CreateItemRequest(
            item: WireItemMapping.wireItem(template, parent: parent, kind: kind, fields: fields),
            upload: upload,
            mayAlreadyExist: options.contains(.mayAlreadyExist)
        )
        let (item, _) = try await client.createItem(creation)
        return ItemMutationResult(item: WireItemMapping.snapshot(item))
    }

    /// Applies every changed field in one `PATCH`: rename, move, trash (a move to the trash),
    /// restore, content (uploaded first) and metadata.
    ///
    /// - Throws: `localVersionConflictingWithServer` carrying the current item under
    ///   `failOnConflict` when `baseVersion` is stale; `noSuchItem`; `filenameCollision`;
    ///   `invalidFilename`; `invalidArgument` for a move into a descendant or a kind change;
    ///   `fileWriteNoPermission` for the root, the trash and the working set;
    ///   `fileReadNoSuchFile` / `fileReadUnknown` for a contents file that cannot be read;
    ///   `insufficientQuota`; the mapped errors.
    public func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        if item.itemIdentifier.isReservedContainer {
            throw FileProviderError(
                .fileWriteNoPermission,
                itemIdentifier: item.itemIdentifier,
                message: "The root, the working set and the trash cannot be modified."
            )
        }
        let id = try Self.wireID(item.itemIdentifier)
        let kind = WireItemMapping.kind(item.contentType)
        let sendsContent = changedFields.contains(.contents) && kind == .file
        if sendsContent, contents == nil {
            throw FileProviderError(.invalidArgument, message: "The contents field changed but no contents were given.")
        }
        let file =
            sendsContent ? try contents.map { (url) throws(FileProviderError) in try ContentsFile(opening: url) } : nil
        let parent =
            changedFields.contains(.parentItemIdentifier)
            ? try Self.wireID(item.parentItemIdentifier) : WireIdentifiers.root
        try Task.checkCancellation()
        let upload = sendsContent ? try await upload(file, request: request) : nil
        let modification = ModifyItemRequest(
            item: WireItemMapping.wireItem(item, parent: parent, kind: kind, fields: changedFields),
            fields: WireItemMapping.wireFields(kind == .folder ? changedFields.subtracting(.contents) : changedFields),
            upload: upload,
            onConflict: options.contains(.failOnConflict) ? .fail : .keepBoth
        )
        let response = try await client.modifyItem(id, modification, base: Self.base(baseVersion))
        return ItemMutationResult(
            item: WireItemMapping.snapshot(response.item),
            stillPendingFields: changedFields.subtracting(.all),
            shouldFetchContent: response.conflictCopy != nil
        )
    }

    /// Deletes an item permanently; with `recursive`, a folder and everything in it. Deleting an
    /// identifier that does not exist succeeds.
    ///
    /// - Throws: `deletionRejected` carrying the current item when `baseVersion` is stale (or not
    ///   one the provider made); `directoryNotEmpty`; `fileWriteNoPermission` for the root, the
    ///   trash and the working set; the mapped errors.
    public func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    ) async throws {
        if identifier.isReservedContainer {
            throw FileProviderError(
                .fileWriteNoPermission,
                itemIdentifier: identifier,
                message: "The root, the working set and the trash cannot be deleted."
            )
        }
        guard let id = WireItemMapping.wireID(identifier) else { return }
        try await client.deleteItem(id, base: Self.base(baseVersion), recursive: options.contains(.recursive))
    }

    /// An enumerator for the root, the trash, a folder or the working set.
    ///
    /// - Throws: `noSuchItem` when the container does not exist or is not a folder; the mapped
    ///   errors.
    public func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator
    {
        if !containerItemIdentifier.isReservedContainer {
            let container = try await client.item(try Self.wireID(containerItemIdentifier))
            guard container.kind == .folder else {
                throw FileProviderError(
                    .noSuchItem,
                    itemIdentifier: containerItemIdentifier,
                    message: "\(containerItemIdentifier) is not a folder."
                )
            }
        }
        return FruitBasketEnumerator(client: client, container: containerItemIdentifier)
    }

    /// Shuts down the `HTTPClient` the provider owns (one it was given stays open); later calls
    /// fail with `cannotSynchronize`.
    public func invalidate() async {
        await client.shutdown()
    }

    // MARK: Helpers

    /// The wire identifier of `identifier`.
    ///
    /// - Throws: `noSuchItem` for an identifier no server item can have.
    static func wireID(_ identifier: ItemIdentifier) throws(FileProviderError) -> String {
        guard let id = WireItemMapping.wireID(identifier) else { throw .nonExistentItem(withIdentifier: identifier) }
        return id
    }

    /// The version a change is based on: `baseVersion`'s, or one older than every real version
    /// (so the server treats the change as stale) when the provider did not make it.
    static func base(_ baseVersion: ItemVersion) -> WireVersion {
        WireItemMapping.wireVersion(baseVersion) ?? WireVersion(content: 0, metadata: 0)
    }

    /// Uploads a non-empty contents file and returns its upload identifier; `nil` for no file or
    /// an empty one.
    private func upload(_ file: ContentsFile?, request: Request) async throws -> String? {
        guard let file, file.size > 0 else { return nil }
        return try await client.upload(file, progress: request.progress).upload
    }

    /// Downloads the content of `identifier` (or `range` of it) to a new file and returns it with
    /// the item and the range the server served (`nil` for the whole content).
    private func download(
        _ identifier: ItemIdentifier,
        version: ItemVersion?,
        strict: Bool,
        range: ClosedRange<Int64>?,
        request: Request
    ) async throws -> (item: ItemSnapshot, url: URL, served: Range<Int64>?) {
        let id = try Self.wireID(identifier)
        let wire = try await client.item(id)
        var item = WireItemMapping.snapshot(wire)
        guard wire.kind != .folder else {
            throw FileProviderError(.invalidArgument, itemIdentifier: identifier, message: "A folder has no content.")
        }
        var wanted = wire.contentVersion
        if strict, let version, version.contentVersion != item.itemVersion.contentVersion {
            // The server keeps a file's last few contents: ask for the older one, which answers
            // 410 (versionNoLongerAvailable) once it is gone.
            guard wire.kind == .file, let older = WireItemMapping.wireVersion(version), older.content < wanted else {
                throw FileProviderError(
                    .versionNoLongerAvailable,
                    itemIdentifier: identifier,
                    message: "\(version) is not a content version of this file the server can still have."
                )
            }
            wanted = older.content
            item.itemVersion = version
            item.documentSize = nil
        }
        let url = DownloadFile.newLocation()
        if wire.kind == .symlink {
            let target = Data((wire.symlinkTarget ?? "").utf8)
            request.progress.startTransfer(byteCount: Int64(target.count))
            _ = try await DownloadFile.write(Self.single(target), to: url, progress: request.progress)
            request.progress.finishTransfer()
            return (item, url, nil)
        }
        if let range, range.lowerBound >= wire.size ?? 0 {
            throw FileProviderError(
                .invalidArgument,
                itemIdentifier: identifier,
                message: "The range starts at \(range.lowerBound), beyond the file's \(wire.size ?? 0) bytes."
            )
        }
        do {
            let (served, _) = try await client.download(
                id,
                version: wanted,
                range: range,
                to: url,
                progress: request.progress
            )
            if wanted != wire.contentVersion, range == nil {
                let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
                item.documentSize = (attributes?[.size] as? NSNumber)?.int64Value
            }
            return (item, url, served)
        } catch let error as FileProviderError
            where error.code == .versionNoLongerAvailable && (version == nil || !strict)
        {
            // The content changed between the lookup and the download: fetch the new one.
            return try await download(identifier, version: version, strict: strict, range: range, request: request)
        }
    }

    /// `data` as a one-chunk sequence.
    private static func single(_ data: Data) -> AsyncThrowingStream<ByteBuffer, any Error> {
        AsyncThrowingStream { continuation in
            if !data.isEmpty { continuation.yield(ByteBuffer(bytes: data)) }
            continuation.finish()
        }
    }
}
