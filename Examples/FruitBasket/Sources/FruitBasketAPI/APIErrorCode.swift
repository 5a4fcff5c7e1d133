/// Why the server refused a request: the `code` of every error body, with its HTTP status.
public enum APIErrorCode: String, Codable, Sendable, CaseIterable {
    /// 400: the request is malformed (bad JSON, a bad parameter, a kind change).
    case invalidRequest
    /// 400: the name breaks ``WireNameRule``.
    case invalidName
    /// 400: a folder would move into itself or one of its descendants.
    case invalidMove
    /// 400: the upload named does not exist (or was consumed).
    case noSuchUpload
    /// 401: no valid bearer token, or a wrong account secret.
    case notAuthenticated
    /// 403: the root and the trash cannot be changed or deleted.
    case reservedItem
    /// 404: no item has the identifier (or it is not a folder, where one is needed).
    case noSuchItem
    /// 404: no route answers the method and path (a client of another API version, or a typo);
    /// not a missing item.
    case noSuchRoute
    /// 409: a sibling has the same name; the body carries it.
    case nameCollision
    /// 409: the folder has children and the deletion is not recursive.
    case directoryNotEmpty
    /// 410: the cursor (page or change feed) cannot be continued from.
    case cursorExpired
    /// 410: the content version asked for is no longer kept.
    case versionGone
    /// 412: `If-Match` names an older version; the body carries the current item.
    case versionMismatch
    /// 413: the request's JSON body is larger than the server reads (content goes to uploads).
    case payloadTooLarge
    /// 416: the byte range is outside the content.
    case rangeNotSatisfiable
    /// 428: a change was sent without `If-Match`.
    case preconditionRequired
    /// 507: the change would exceed the account's quota.
    case quotaExceeded
    /// 500: the server failed; the request may be retried.
    case internalError
    /// 503: the server is shutting down or its database is unreachable; retry later.
    case unavailable

    /// The HTTP status the server answers with.
    public var status: Int {
        switch self {
        case .invalidRequest, .invalidName, .invalidMove, .noSuchUpload: 400
        case .notAuthenticated: 401
        case .reservedItem: 403
        case .noSuchItem, .noSuchRoute: 404
        case .nameCollision, .directoryNotEmpty: 409
        case .cursorExpired, .versionGone: 410
        case .versionMismatch: 412
        case .payloadTooLarge: 413
        case .rangeNotSatisfiable: 416
        case .preconditionRequired: 428
        case .quotaExceeded: 507
        case .internalError: 500
        case .unavailable: 503
        }
    }
}
