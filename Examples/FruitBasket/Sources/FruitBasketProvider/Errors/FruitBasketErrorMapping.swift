import AsyncHTTPClient
import FileProviderKit
import FruitBasketAPI

/// How every failure of the server or of the network becomes the contract's error: the one table
/// the provider, its enumerators and its change listener go through.
///
/// Server answers, by the body's ``APIErrorCode`` (or by the status when the body is not one):
///
/// | Answer | Error |
/// | --- | --- |
/// | 400 `invalidName` | ``FileProviderError/Code/invalidFilename`` |
/// | 400 `invalidMove`, `invalidRequest`; 413 `payloadTooLarge`; 416 `rangeNotSatisfiable` | ``FileProviderError/Code/invalidArgument`` (definitive: not retried) |
/// | 401 `notAuthenticated` (after one token renewal) | ``FileProviderError/Code/notAuthenticated`` |
/// | 403 `reservedItem` | ``FileProviderError/Code/fileWriteNoPermission`` |
/// | 404 `noSuchItem` | ``FileProviderError/Code/noSuchItem`` |
/// | 409 `nameCollision` | ``FileProviderError/Code/filenameCollision`` carrying the existing item |
/// | 409 `directoryNotEmpty` | ``FileProviderError/Code/directoryNotEmpty`` |
/// | 410 `cursorExpired` | ``FileProviderError/Code/syncAnchorExpired`` (``FileProviderError/Code/pageExpired`` is the same code) |
/// | 410 `versionGone` | ``FileProviderError/Code/versionNoLongerAvailable`` |
/// | 412 `versionMismatch` | ``FileProviderError/Code/deletionRejected`` for a deletion, ``FileProviderError/Code/localVersionConflictingWithServer`` otherwise, carrying the current item |
/// | 507 `quotaExceeded` | ``FileProviderError/Code/insufficientQuota`` |
/// | 500 `internalError`, 503 `unavailable`, any other 5xx | ``FileProviderError/Code/serverUnreachable`` (retryable) |
/// | 400 `noSuchUpload`, 404 `noSuchRoute`, 428 `preconditionRequired` | ``FileProviderError/Code/cannotSynchronize`` with the body's message |
/// | anything else (a status without a body the client reads, and none of the above) | ``FileProviderError/Code/unclassified``: transient, retried with back-off, as FileProviderKit's `FileProviderError.mapped(_:itemIdentifier:)` classifies an error it does not know |
///
/// Network failures (``error(forTransportFailure:)``): a cancelled task → `CancellationError`;
/// connection refused, reset or closed, connect, read, write or request timeouts, name resolution
/// failures, and a request the client cancelled on its own (as when the server went away under
/// it) while the calling task was not cancelled → ``FileProviderError/Code/serverUnreachable``; a client that was shut down or a URL
/// that cannot be used → ``FileProviderError/Code/cannotSynchronize``.
public enum FruitBasketErrorMapping {
    /// What the client was doing when the server refused; it decides what a 412 means.
    public enum Operation: Sendable, Hashable {
        /// Reading an item, a listing, the change feed, the state or content.
        case read
        /// Creating an item or uploading content for it.
        case create
        /// Modifying an item.
        case modify
        /// Deleting an item.
        case delete
    }

    /// The error for a refusal of the server.
    ///
    /// - Parameters:
    ///   - status: the HTTP status of the answer.
    ///   - body: the decoded error body, or `nil` when the answer carried none the client reads.
    ///   - operation: what the request did.
    ///   - itemIdentifier: the item the request was about, named in the error.
    /// - Returns: the ``FileProviderError`` of the table above, with the body's message.
    public static func error(
        status: Int,
        body: APIErrorBody?,
        operation: Operation,
        itemIdentifier: ItemIdentifier? = nil
    ) -> FileProviderError {
        let message = body.map { "The server answered \(status) \($0.code.rawValue): \($0.message)" }
        let item = body?.item.map(WireItemMapping.snapshot)
        let code = code(status: status, apiCode: body?.code, operation: operation)
        return FileProviderError(
            code,
            itemIdentifier: item?.itemIdentifier ?? itemIdentifier,
            item: item,
            message: message ?? "The server answered with status \(status)."
        )
    }

    /// The code for a status and the body's code (when there is one).
    static func code(status: Int, apiCode: APIErrorCode?, operation: Operation) -> FileProviderError.Code {
        switch apiCode {
        case .invalidName: return .invalidFilename
        case .invalidMove, .invalidRequest, .payloadTooLarge, .rangeNotSatisfiable: return .invalidArgument
        case .notAuthenticated: return .notAuthenticated
        case .reservedItem: return .fileWriteNoPermission
        case .noSuchItem: return .noSuchItem
        case .nameCollision: return .filenameCollision
        case .directoryNotEmpty: return .directoryNotEmpty
        case .cursorExpired: return .syncAnchorExpired
        case .versionGone: return .versionNoLongerAvailable
        case .versionMismatch: return operation == .delete ? .deletionRejected : .localVersionConflictingWithServer
        case .quotaExceeded: return .insufficientQuota
        case .internalError, .unavailable: return .serverUnreachable
        case .noSuchUpload, .preconditionRequired, .noSuchRoute: return .cannotSynchronize
        case nil: break
        }
        switch status {
        case 401: return .notAuthenticated
        case 403: return .fileWriteNoPermission
        case 404: return .noSuchItem
        case 412: return operation == .delete ? .deletionRejected : .localVersionConflictingWithServer
        case 413, 416: return .invalidArgument
        case 507: return .insufficientQuota
        case 500...599: return .serverUnreachable
        default: return .unclassified
        }
    }

    /// The error for a request that got no answer, or whose answer broke off.
    ///
    /// - Returns: `CancellationError` when the calling task is cancelled (whatever the client
    ///   threw), and only then; a ``FileProviderError`` thrown by the client's own body stream as it is; otherwise
    ///   the ``FileProviderError`` of the table above, carrying `error`.
    public static func error(forTransportFailure error: any Error) -> any Error {
        if Task.isCancelled || error is CancellationError { return CancellationError() }
        if let error = error as? FileProviderError { return error }
        if let error = error as? HTTPClientError {
            switch error {
            case .alreadyShutdown, .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath, .bodyLengthMismatch,
                .writeAfterRequestSent:
                return FileProviderError(
                    .cannotSynchronize,
                    message: "The request could not be sent: \(error).",
                    underlyingError: error
                )
            default:
                break
            }
        }
        return FileProviderError(
            .serverUnreachable,
            message: "The server cannot be reached: \(error).",
            underlyingError: error
        )
    }
}
