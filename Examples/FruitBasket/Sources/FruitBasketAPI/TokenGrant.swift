/// A bearer token and when it expires.
///
/// Every `/v1` request but `POST /v1/tokens` and `GET /v1/health` carries
/// `Authorization: Bearer <token>`; a missing, unknown or expired token gets `401 Unauthorized`
/// with ``APIErrorCode/notAuthenticated`` and `WWW-Authenticate: Bearer error="invalid_token"`.
/// A client asks for a new token and repeats the request.
public struct TokenGrant: Codable, Sendable, Hashable {
    /// The token.
    public var token: String
    /// When it expires, in seconds since 1970.
    public var expires: Double

    /// Creates a grant.
    public init(token: String, expires: Double) {
        self.token = token
        self.expires = expires
    }
}
