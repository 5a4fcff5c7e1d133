/// The body of `POST /v1/admin/quota`: how much more the store may take from now on.
///
/// The quota is the store's, shared by its accounts (as ``QuotaStatus`` reports it).
public struct QuotaRequest: Codable, Sendable, Hashable {
    /// Room for this many more bytes of uploads and content than the store holds now, counting
    /// older content versions as free (an upload removes them first when it needs room); `nil`
    /// (or the field left out) restores the quota the server was started with, none by default.
    /// Negative values are refused with ``APIErrorCode/invalidRequest``.
    public var remainingBytes: Int64?

    /// Creates a request.
    public init(remainingBytes: Int64?) {
        self.remainingBytes = remainingBytes
    }
}
