/// The answer to `POST /v1/admin/quota`: the store's byte limit as it now stands.
public struct QuotaStatus: Codable, Sendable, Hashable {
    /// The most bytes uploads and kept content may take together, or `nil` for no limit.
    public var limit: Int64?
    /// The bytes uploads and kept content take now, older content versions included.
    public var storedBytes: Int64

    /// Creates a status.
    public init(limit: Int64?, storedBytes: Int64) {
        self.limit = limit
        self.storedBytes = storedBytes
    }
}
