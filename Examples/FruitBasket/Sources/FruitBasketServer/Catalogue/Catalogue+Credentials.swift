extension Catalogue {
    /// Revokes `account`'s credentials, as an operator does for a leaked secret or a suspended
    /// account: its tokens are deleted, and ``issueToken(for:now:expires:)`` refuses it until
    /// ``restoreCredentials(of:)``. Its items, uploads, cursors and versions stay as they are.
    /// Revoking a revoked account does nothing more.
    ///
    /// - Throws: the database's error (nothing changes then).
    public func revokeCredentials(of account: String) async throws {
        try await database.transaction { sql in
            try await sql.run("DELETE FROM tokens WHERE account = ?", [.text(account)])
            try await sql.run(
                "INSERT INTO revoked_accounts (account) VALUES (?) ON CONFLICT (account) DO NOTHING",
                [.text(account)]
            )
        }
    }

    /// Accepts `account`'s secret again after ``revokeCredentials(of:)``; the tokens revoked stay
    /// refused, so its clients take new ones. Restoring an account that is not revoked does
    /// nothing.
    ///
    /// - Throws: the database's error.
    public func restoreCredentials(of account: String) async throws {
        try await database.transaction { sql in
            try await sql.run("DELETE FROM revoked_accounts WHERE account = ?", [.text(account)])
        }
    }
}
