/// The server's endpoints. Every body is JSON (`application/json`) except content, which is
/// `application/octet-stream` streamed both ways.
///
/// | Method and path | Request | Answer |
/// | --- | --- | --- |
/// | `GET /v1/health` | (no token) | 200 ``HealthStatus`` (503 `unavailable` when the database cannot be read) |
/// | `POST /v1/tokens` | ``TokenRequest`` (no token) | 201 ``TokenGrant`` |
/// | `GET /v1/state` | | 200 ``ServerState`` |
/// | `GET /v1/changes/wait?after=S&timeout=T` | | 200 ``ServerState`` (long poll) |
/// | `GET /v1/changes?cursor=C&limit=N` | | 200 ``ChangeBatch`` |
/// | `GET /v1/items?cursor=C&limit=N` | | 200 ``ListingPage`` of every item |
/// | `GET /v1/folders/{id}/children?order=O&cursor=C&limit=N` | | 200 ``ListingPage`` |
/// | `GET /v1/items/{id}` | | 200 ``WireItem``, `ETag` |
/// | `GET /v1/items/{id}/content?version=V` | optional `Range: bytes=a-b` | 200 or 206 bytes, `ETag` |
/// | `POST /v1/uploads` | bytes | 201 ``UploadReceipt`` |
/// | `DELETE /v1/uploads/{upload}` | | 204 (the upload and its quota released; 400 `noSuchUpload` when no unused upload has the name) |
/// | `POST /v1/items` | ``CreateItemRequest`` | 201 ``WireItem`` (200 when it already existed) |
/// | `PATCH /v1/items/{id}` | ``ModifyItemRequest``, `If-Match` | 200 ``ModifyItemResponse`` |
/// | `DELETE /v1/items/{id}?recursive=true` | `If-Match` | 204 |
/// | `GET /metrics` | `Authorization: Bearer <metrics secret>` | 200 Prometheus text format |
/// | `POST /v1/admin/reset-epoch` | `X-Admin-Secret` | 204 |
/// | `POST /v1/admin/expire-history` | `X-Admin-Secret` | 204 |
/// | `POST /v1/admin/quota` | `X-Admin-Secret`, ``QuotaRequest`` | 200 ``QuotaStatus`` |
/// | `POST /v1/admin/accounts/{account}/revoke` | `X-Admin-Secret` | 204 |
/// | `POST /v1/admin/accounts/{account}/restore` | `X-Admin-Secret` | 204 |
///
/// Errors answer with an ``APIErrorBody`` and the status of its ``APIErrorCode``. Deleting an
/// identifier that does not exist succeeds. A stale `If-Match` on a deletion answers 412
/// ``APIErrorCode/versionMismatch`` with the current item; a non-empty folder without
/// `recursive=true` answers 409 ``APIErrorCode/directoryNotEmpty``. The admin endpoints exist
/// only when the server was started with an admin secret; they are the operator's, used by tests
/// to simulate a restore from backup, a server that keeps little history, a nearly full store and
/// an account whose credentials were revoked (every token of it refused, and its secret too, with
/// 401 `notAuthenticated`, until they are restored; items, cursors and versions stay as they were).
/// Each answers 401 `notAuthenticated` without the right `X-Admin-Secret`, and an account's
/// routes 400 `invalidRequest` for a name the server has no account by. `/metrics` exists
/// only when the server was started with a metrics secret, and answers 401 `notAuthenticated`
/// to any other bearer (an account's token included): its series cover every tenant.
public enum APIPaths {
    /// `GET`: liveness, without a token; it tells nothing about the store (see ``HealthStatus``).
    public static let health = "/v1/health"
    /// `POST`: exchange an account's secret for a bearer token.
    public static let tokens = "/v1/tokens"
    /// `GET`: the store's epoch, sequence and current change-feed cursor.
    public static let state = "/v1/state"
    /// `GET`: the push channel, a long poll.
    public static let wait = "/v1/changes/wait"
    /// `GET`: the change feed.
    public static let changes = "/v1/changes"
    /// `GET`: every item; `POST`: create an item.
    public static let items = "/v1/items"
    /// `POST`: upload content for a later creation or modification.
    public static let uploads = "/v1/uploads"

    /// `DELETE`: discard an upload no change used, releasing the bytes it holds against the
    /// quota. Uploads no change names are discarded an hour after they began in any case.
    public static func upload(_ id: String) -> String { "/v1/uploads/\(escaped(id))" }
    /// `POST`: give the store a new epoch (every cursor expires); items stay.
    public static let resetEpoch = "/v1/admin/reset-epoch"
    /// `POST`: forget the deletions recorded so far (older change-feed cursors expire).
    public static let expireHistory = "/v1/admin/expire-history"
    /// `POST`: leave the store room for a given number of more bytes, or restore the quota it was
    /// started with (``QuotaRequest``).
    public static let quota = "/v1/admin/quota"
    /// `POST`: revoke an account's credentials: its tokens and its secret are refused until
    /// ``restoreCredentials(_:)``.
    public static func revokeCredentials(_ account: String) -> String {
        "/v1/admin/accounts/\(escaped(account))/revoke"
    }
    /// `POST`: accept an account's secret again after ``revokeCredentials(_:)``; the tokens
    /// refused stay refused, so its clients take new ones.
    public static func restoreCredentials(_ account: String) -> String {
        "/v1/admin/accounts/\(escaped(account))/restore"
    }
    /// `GET`: the server's series in Prometheus' text format, with the metrics secret as bearer.
    public static let metrics = "/metrics"
    /// The header carrying the admin secret.
    public static let adminSecretHeader = "X-Admin-Secret"

    /// `GET`, `PATCH`, `DELETE`: one item.
    public static func item(_ id: String) -> String { "/v1/items/\(escaped(id))" }
    /// `GET`: one item's content.
    public static func content(_ id: String) -> String { "/v1/items/\(escaped(id))/content" }
    /// `GET`: a folder's children.
    public static func children(_ id: String) -> String { "/v1/folders/\(escaped(id))/children" }

    /// `id` with every byte but unreserved characters percent-encoded, so it is one path segment.
    public static func escaped(_ id: String) -> String {
        var result = ""
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += byte < 16 ? "%0\(hex)" : "%\(hex)"
            }
        }
        return result
    }
}
