extension Catalogue {
    /// Gives the store a new epoch and forgets its deletions: every cursor handed out expires;
    /// the items stay. Simulates a restore from backup.
    public func resetEpoch() async throws {
        let epoch = Self.newEpoch()
        try await database.transaction { sql in
            try await sql.run("DELETE FROM tombstones", [])
            try await sql.run("UPDATE meta SET epoch = ?, history_floor = sequence WHERE id = 1", [.text(epoch)])
        }
    }

    /// Forgets the deletions recorded so far: change-feed cursors from before now expire; the
    /// epoch stays. Simulates a server that keeps little history.
    public func expireHistory() async throws {
        try await database.transaction { sql in
            try await sql.run("DELETE FROM tombstones", [])
            try await sql.run("UPDATE meta SET history_floor = sequence WHERE id = 1", [])
        }
    }
}
