import FileProviderKit

/// An S3 request that did not succeed, as a `FileProviderError` with the code the caller acts on.
enum S3Error {
    /// A response with an unexpected status: 404 is `noSuchItem`, 403 `notAuthenticated`, 5xx
    /// `serverUnreachable` (retried), anything else `cannotSynchronize`.
    static func status(_ status: UInt, _ method: String, _ key: String, body: String) -> FileProviderError {
        let code: FileProviderError.Code =
            switch status {
            case 404: .noSuchItem
            case 401, 403: .notAuthenticated
            case 500...599: .serverUnreachable
            default: .cannotSynchronize
            }
        return FileProviderError(code, message: "S3 answered \(status) to \(method) \(key): \(body.prefix(300))")
    }

    /// The connection failed.
    static func transport(_ error: any Error, _ method: String, _ key: String) -> FileProviderError {
        FileProviderError(
            .serverUnreachable,
            message: "S3 could not be reached for \(method) \(key).",
            underlyingError: error
        )
    }

    /// A listing that is not the XML S3 sends.
    static func malformed(_ what: String) -> FileProviderError {
        FileProviderError(.cannotSynchronize, message: "S3's answer is not a valid \(what).")
    }
}
