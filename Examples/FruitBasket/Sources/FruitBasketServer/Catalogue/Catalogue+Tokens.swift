import Foundation
import FruitBasketAPI

extension Catalogue {
    /// Issues a bearer token for `account`, valid until `expires` (seconds since 1970), and
    /// removes the tokens expired by `now`. Tokens live in the database, so every server process
    /// sharing it accepts them.
    ///
    /// - Returns: the token: 64 random hexadecimal digits.
    /// - Throws: ``APIErrorBody`` `notAuthenticated` when the account's credentials are revoked
    ///   (``revokeCredentials(of:)``); nothing changes then.
    public func issueToken(for account: String, now: Double, expires: Double) async throws -> String {
        let token = (0..<4).map { _ in Self.newEpoch() }.joined()
        try await database.transaction { sql in
            if try await sql.first("SELECT account FROM revoked_accounts WHERE account = ?", [.text(account)]) != nil {
                throw APIErrorBody(.notAuthenticated, "The account's credentials are revoked.")
            }
            try await sql.run("DELETE FROM tokens WHERE expires <= ?", [.real(now)])
            try await sql.run(
                "INSERT INTO tokens (token, account, expires) VALUES (?, ?, ?)",
                [.text(token), .text(account), .real(expires)]
            )
        }
        return token
    }

    /// The account `token` was issued to, or `nil` when it is unknown, expired at `now`, or its
    /// account's credentials are revoked.
    public func account(holding token: String, now: Double) async throws -> String? {
        try await database.read { sql in
            guard
                let row = try await sql.first(
                    """
                    SELECT t.account, t.expires FROM tokens t WHERE t.token = ?
                    AND NOT EXISTS (SELECT 1 FROM revoked_accounts r WHERE r.account = t.account)
                    """,
                    [.text(token)]
                ),
                let expires = row["expires"].double, expires > now
            else { return nil }
            return row["account"].string
        }
    }
}
