import AsyncHTTPClient
import FileProviderKit
import Foundation
import FruitBasketAPI
import NIOCore

/// The server's endpoints, one method each; see ``APIPaths`` for the routes and the wire types for
/// what each answers. Every method throws a `FileProviderError` of ``FruitBasketErrorMapping`` or
/// `CancellationError`.
extension FruitBasketClient {
    /// The store's epoch, latest sequence and current change-feed cursor (`GET /v1/state`).
    public func state() async throws -> ServerState {
        try await json(
            APICall(method: .GET, path: APIPaths.state, timeout: configuration.requestTimeout),
            as: ServerState.self
        )
    }

    /// Waits until the store's sequence is past `sequence`, or `wait` has passed, and returns the
    /// state then (`GET /v1/changes/wait`, a long poll).
    public func waitForChange(after sequence: Int64, wait: Duration) async throws -> ServerState {
        let seconds = max(1, min(60, wait.components.seconds))
        let call = APICall(
            method: .GET,
            path: APIPaths.wait,
            query: [("after", String(sequence)), ("timeout", String(seconds))],
            timeout: .seconds(seconds) + configuration.requestTimeout
        )
        return try await json(call, as: ServerState.self)
    }

    /// One batch of the change feed after `cursor` (`GET /v1/changes`); `limit` is clamped to
    /// 1...1000.
    public func changes(after cursor: String, limit: Int) async throws -> FruitBasketAPI.ChangeBatch {
        let call = APICall(
            method: .GET,
            path: APIPaths.changes,
            query: [("cursor", cursor), ("limit", String(Self.clamp(limit)))],
            timeout: configuration.requestTimeout
        )
        return try await json(call, as: FruitBasketAPI.ChangeBatch.self)
    }

    /// One page of every item the account holds, by identifier (`GET /v1/items`); `limit` is
    /// clamped to 1...1000.
    public func allItems(cursor: String?, limit: Int) async throws -> ListingPage {
        var query = [("limit", String(Self.clamp(limit)))]
        if let cursor { query.append(("cursor", cursor)) }
        let call = APICall(method: .GET, path: APIPaths.items, query: query, timeout: configuration.requestTimeout)
        return try await json(call, as: ListingPage.self)
    }

    /// One page of a folder's children (`GET /v1/folders/{id}/children`); `limit` is clamped to
    /// 1...1000.
    public func children(
        of folder: String,
        order: ListingOrder,
        cursor: String?,
        limit: Int
    ) async throws -> ListingPage {
        var query = [("order", order.rawValue), ("limit", String(Self.clamp(limit)))]
        if let cursor { query.append(("cursor", cursor)) }
        let call = APICall(
            method: .GET,
            path: APIPaths.children(folder),
            query: query,
            itemIdentifier: WireItemMapping.identifier(folder),
            timeout: configuration.requestTimeout
        )
        return try await json(call, as: ListingPage.self)
    }

    /// One item (`GET /v1/items/{id}`).
    public func item(_ id: String) async throws -> WireItem {
        let call = APICall(
            method: .GET,
            path: APIPaths.item(id),
            itemIdentifier: WireItemMapping.identifier(id),
            timeout: configuration.requestTimeout
        )
        return try await json(call, as: WireItem.self)
    }

    /// Creates an item (`POST /v1/items`) and returns it, with whether it is new (`false` when
    /// ``CreateItemRequest/mayAlreadyExist`` matched an existing one).
    public func createItem(_ request: CreateItemRequest) async throws -> (item: WireItem, created: Bool) {
        let call = APICall(
            method: .POST,
            path: APIPaths.items,
            operation: .create,
            itemIdentifier: WireItemMapping.identifier(request.item.parent),
            timeout: configuration.requestTimeout
        )
        let response = try await send(call, body: request)
        let created = response.status.code == 201
        return (try await decode(WireItem.self, from: response), created)
    }

    /// Modifies an item whose current version is `base` (`PATCH /v1/items/{id}` with `If-Match`).
    public func modifyItem(
        _ id: String,
        _ request: ModifyItemRequest,
        base: WireVersion
    ) async throws
        -> ModifyItemResponse
    {
        let call = APICall(
            method: .PATCH,
            path: APIPaths.item(id),
            headers: [("If-Match", base.entityTag)],
            operation: .modify,
            itemIdentifier: WireItemMapping.identifier(id),
            timeout: configuration.requestTimeout
        )
        let response = try await send(call, body: request)
        return try await decode(ModifyItemResponse.self, from: response)
    }

    /// Deletes an item whose current version is `base` (`DELETE /v1/items/{id}` with `If-Match`),
    /// with everything inside it when `recursive`.
    public func deleteItem(_ id: String, base: WireVersion, recursive: Bool) async throws {
        let call = APICall(
            method: .DELETE,
            path: APIPaths.item(id),
            query: recursive ? [("recursive", "true")] : [],
            headers: [("If-Match", base.entityTag)],
            operation: .delete,
            itemIdentifier: WireItemMapping.identifier(id),
            timeout: configuration.requestTimeout
        )
        try await discardBody(of: try await send(call))
    }

    /// Uploads `data` (`POST /v1/uploads`) for a later creation or modification.
    public func upload(_ data: Data) async throws -> UploadReceipt {
        let call = APICall(
            method: .POST,
            path: APIPaths.uploads,
            operation: .create,
            timeout: configuration.transferTimeout
        )
        let response = try await send(call, contentType: "application/octet-stream") {
            .bytes(ByteBuffer(bytes: data))
        }
        return try await decode(UploadReceipt.self, from: response)
    }

    /// Uploads the file `file` refers to, streamed in chunks (`POST /v1/uploads`).
    func upload(_ file: ContentsFile, progress: Progress?) async throws -> UploadReceipt {
        let call = APICall(
            method: .POST,
            path: APIPaths.uploads,
            operation: .create,
            timeout: configuration.transferTimeout
        )
        progress?.startTransfer(byteCount: file.size)
        let response = try await send(call, contentType: "application/octet-stream") {
            .stream(file.chunks(), length: .known(file.size))
        }
        let receipt = try await decode(UploadReceipt.self, from: response)
        progress?.finishTransfer()
        return receipt
    }

    /// Downloads an item's content, or the inclusive byte range `range` of it, to a new file at
    /// `url` (`GET /v1/items/{id}/content`), chunk by chunk. A part of the content (`206`) is
    /// written at its own offset, with a hole before it: the file holds the served range at offsets
    /// `range.lowerBound..<range.upperBound` and is `range.upperBound` bytes long.
    ///
    /// - Parameters:
    ///   - id: the file.
    ///   - version: the content version wanted (`410 versionGone` when the server no longer has
    ///     it), or `nil` for the current one.
    ///   - range: the bytes wanted, or `nil` for all of them.
    ///   - url: where to write them; nothing is left there when the download fails.
    ///   - progress: told the bytes expected and written.
    /// - Returns: the range of the content the file holds, when the server answered with part of it
    ///   (`206`), and the content's `ETag`.
    public func download(
        _ id: String,
        version: Int64?,
        range: ClosedRange<Int64>? = nil,
        to url: URL,
        progress: Progress? = nil
    ) async throws -> (range: Range<Int64>?, entityTag: String?) {
        let call = APICall(
            method: .GET,
            path: APIPaths.content(id),
            query: version.map { [("version", String($0))] } ?? [],
            headers: range.map { [("Range", "bytes=\($0.lowerBound)-\($0.upperBound)")] } ?? [],
            itemIdentifier: WireItemMapping.identifier(id),
            timeout: configuration.transferTimeout
        )
        let response = try await send(call)
        let length = response.headers.first(name: "Content-Length").flatMap(Int64.init)
        let served =
            response.status.code == 206 ? response.headers.first(name: "Content-Range").flatMap(Self.range) : nil
        progress?.startTransfer(byteCount: length ?? 0)
        _ = try await DownloadFile.write(response.body, to: url, at: served?.lowerBound ?? 0, progress: progress)
        progress?.finishTransfer()
        return (served, response.headers.first(name: "ETag"))
    }

    /// The range of a `Content-Range: bytes a-b/size` header, as a half-open range.
    static func range(_ header: String) -> Range<Int64>? {
        guard header.hasPrefix("bytes ") else { return nil }
        let spec = header.dropFirst("bytes ".count).split(separator: "/").first ?? ""
        let bounds = spec.split(separator: "-")
        guard bounds.count == 2, let lower = Int64(bounds[0]), let upper = Int64(bounds[1]), lower <= upper else {
            return nil
        }
        return lower..<(upper + 1)
    }

    private static func clamp(_ limit: Int) -> Int {
        max(1, min(1000, limit))
    }
}
