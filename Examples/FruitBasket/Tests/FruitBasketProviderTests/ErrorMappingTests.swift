import AsyncHTTPClient
import FileProviderKit
import FruitBasketAPI
import FruitBasketProvider
import Testing

/// Every row of ``FruitBasketErrorMapping``'s table, with the exact code it gives.
@Suite struct ErrorMappingTests {
    static let item = WireItem(
        id: "i1",
        parent: "root",
        name: "a.txt",
        kind: .file,
        contentVersion: 3,
        metadataVersion: 4
    )

    /// The code of every server error code, for a modification and for a deletion.
    static let rows: [(APIErrorCode, FileProviderError.Code, FileProviderError.Code)] = [
        (.invalidRequest, .invalidArgument, .invalidArgument),
        (.invalidName, .invalidFilename, .invalidFilename),
        (.invalidMove, .invalidArgument, .invalidArgument),
        (.noSuchUpload, .cannotSynchronize, .cannotSynchronize),
        (.notAuthenticated, .notAuthenticated, .notAuthenticated),
        (.reservedItem, .fileWriteNoPermission, .fileWriteNoPermission),
        (.noSuchItem, .noSuchItem, .noSuchItem),
        (.noSuchRoute, .cannotSynchronize, .cannotSynchronize),
        (.nameCollision, .filenameCollision, .filenameCollision),
        (.directoryNotEmpty, .directoryNotEmpty, .directoryNotEmpty),
        (.cursorExpired, .syncAnchorExpired, .syncAnchorExpired),
        (.versionGone, .versionNoLongerAvailable, .versionNoLongerAvailable),
        (.versionMismatch, .localVersionConflictingWithServer, .deletionRejected),
        (.payloadTooLarge, .invalidArgument, .invalidArgument),
        (.rangeNotSatisfiable, .invalidArgument, .invalidArgument),
        (.preconditionRequired, .cannotSynchronize, .cannotSynchronize),
        (.quotaExceeded, .insufficientQuota, .insufficientQuota),
        (.internalError, .serverUnreachable, .serverUnreachable),
        (.unavailable, .serverUnreachable, .serverUnreachable),
    ]

    @Test func everyServerCodeHasARow() {
        #expect(Set(Self.rows.map(\.0)) == Set(APIErrorCode.allCases))
    }

    @Test(arguments: rows.indices)
    func serverCodeMapsToItsCode(_ index: Int) {
        let (apiCode, modifyCode, deleteCode) = Self.rows[index]
        let body = APIErrorBody(apiCode, "because", item: Self.item)
        let modify = FruitBasketErrorMapping.error(status: apiCode.status, body: body, operation: .modify)
        let delete = FruitBasketErrorMapping.error(status: apiCode.status, body: body, operation: .delete)
        #expect(modify.code == modifyCode)
        #expect(delete.code == deleteCode)
        #expect(modify.message == "The server answered \(apiCode.status) \(apiCode.rawValue): because")
    }

    @Test func collisionsAndConflictsCarryTheServersItem() {
        for (apiCode, operation) in [
            (APIErrorCode.nameCollision, FruitBasketErrorMapping.Operation.create),
            (.versionMismatch, .modify), (.versionMismatch, .delete),
        ] {
            let error = FruitBasketErrorMapping.error(
                status: apiCode.status,
                body: APIErrorBody(apiCode, "taken", item: Self.item),
                operation: operation
            )
            #expect(error.item?.itemIdentifier == "i1")
            #expect(error.item?.itemVersion == ItemVersion(contentRevision: 3, metadataRevision: 4))
            #expect(error.itemIdentifier == "i1")
        }
    }

    /// Checks the code each status maps to without a body, for its operation.
    static func expectCodes(
        _ expected: [(Int, FruitBasketErrorMapping.Operation, FileProviderError.Code)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (status, operation, code) in expected {
            let error = FruitBasketErrorMapping.error(
                status: status,
                body: nil,
                operation: operation,
                itemIdentifier: "x"
            )
            #expect(error.code == code, "status \(status)", sourceLocation: sourceLocation)
            #expect(error.itemIdentifier == "x", sourceLocation: sourceLocation)
        }
    }

    /// Answers without an error body the client reads are mapped by their status alone.
    @Test func statusesWithoutABody() {
        Self.expectCodes([
            (401, .read, .notAuthenticated), (403, .modify, .fileWriteNoPermission), (404, .read, .noSuchItem),
            (412, .modify, .localVersionConflictingWithServer), (412, .delete, .deletionRejected),
            (416, .read, .invalidArgument), (507, .create, .insufficientQuota), (500, .read, .serverUnreachable),
            (502, .read, .serverUnreachable), (503, .read, .serverUnreachable), (504, .read, .serverUnreachable),
            (413, .create, .invalidArgument),
        ])
    }

    /// A status the table does not know is `unclassified` (transient, retried with back-off), as
    /// `FileProviderError.mapped` classifies an unknown error — not `cannotSynchronize`, which the
    /// host parks until something signals it resolved.
    @Test func unknownStatusesAreUnclassified() {
        Self.expectCodes([
            (400, .read, .unclassified), (409, .create, .unclassified), (418, .read, .unclassified),
            (302, .read, .unclassified), (429, .modify, .unclassified), (200, .read, .unclassified),
        ])
    }

    @Test func networkFailuresAreServerUnreachable() {
        let failures: [any Error] = [
            HTTPClientError.connectTimeout, HTTPClientError.readTimeout, HTTPClientError.writeTimeout,
            HTTPClientError.deadlineExceeded, HTTPClientError.remoteConnectionClosed,
            HTTPClientError.getConnectionFromPoolTimeout, POSIXErrorStandIn.connectionRefused,
        ]
        for failure in failures {
            let mapped = FruitBasketErrorMapping.error(forTransportFailure: failure)
            #expect((mapped as? FileProviderError)?.code == .serverUnreachable, "\(failure)")
        }
    }

    @Test func clientMisuseIsCannotSynchronize() {
        for failure in [HTTPClientError.alreadyShutdown, .invalidURL, .emptyHost, .bodyLengthMismatch] {
            let mapped = FruitBasketErrorMapping.error(forTransportFailure: failure)
            #expect((mapped as? FileProviderError)?.code == .cannotSynchronize, "\(failure)")
        }
    }

    @Test func cancellationStaysCancellation() async {
        #expect(FruitBasketErrorMapping.error(forTransportFailure: CancellationError()) is CancellationError)
        let cancelledTask = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return FruitBasketErrorMapping.error(forTransportFailure: HTTPClientError.cancelled)
        }
        #expect(await cancelledTask.value is CancellationError)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return FruitBasketErrorMapping.error(forTransportFailure: HTTPClientError.readTimeout)
        }
        #expect(await task.value is CancellationError)
    }

    /// A request the client cancelled while the caller's task was not cancelled (the connection
    /// went away under it) is an unreachable server, which the caller retries: a
    /// `CancellationError` would end a change listener or a host operation for good.
    @Test func aRequestCancelledUnderAnUncancelledTaskIsServerUnreachable() {
        for failure in [HTTPClientError.cancelled, .requestStreamCancelled] {
            let mapped = FruitBasketErrorMapping.error(forTransportFailure: failure)
            #expect((mapped as? FileProviderError)?.code == .serverUnreachable, "\(failure)")
        }
    }

    @Test func providerErrorsPassThrough() {
        let error = FileProviderError(.fileReadUnknown, message: "changed while read")
        let mapped = FruitBasketErrorMapping.error(forTransportFailure: error)
        #expect((mapped as? FileProviderError)?.code == .fileReadUnknown)
    }
}

/// An error of the kind a socket layer throws, that the client does not know.
enum POSIXErrorStandIn: Error {
    case connectionRefused
}
