/// The answer to `GET /v1/health`, which needs no token: `{"status":"ok"}` once the server has
/// read its database. It tells an anonymous caller nothing about the store (not its epoch nor
/// its sequence); a server whose database cannot be read answers 503 `unavailable` instead.
public struct HealthStatus: Codable, Sendable, Hashable {
    /// `ok`.
    public var status: String

    /// Creates a status.
    public init(status: String) {
        self.status = status
    }
}
