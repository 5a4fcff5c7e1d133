/// The body of `POST /v1/tokens`: an account's secret, exchanged for a bearer token.
///
/// Answers `201 Created` with a ``TokenGrant``; ``APIErrorCode/notAuthenticated`` (401) for an
/// unknown account or a wrong secret.
public struct TokenRequest: Codable, Sendable, Hashable {
    /// The account's name.
    public var account: String
    /// The account's secret.
    public var secret: String

    /// Creates a request.
    public init(account: String, secret: String) {
        self.account = account
        self.secret = secret
    }
}
