/// The answer to `POST /v1/uploads` (`201 Created`): the body was stored, streamed in chunks, and
/// may now be named by one creation or modification.
///
/// An upload is consumed by the change that names it; one no change names is removed after an
/// hour. Errors: ``APIErrorCode/quotaExceeded`` (507) when the body would exceed the account's
/// quota, the body is then discarded.
public struct UploadReceipt: Codable, Sendable, Hashable {
    /// The upload's identifier.
    public var upload: String
    /// The number of bytes stored.
    public var size: Int64

    /// Creates a receipt.
    public init(upload: String, size: Int64) {
        self.upload = upload
        self.size = size
    }
}
