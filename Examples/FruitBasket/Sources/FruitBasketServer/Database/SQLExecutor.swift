/// Runs statements inside one transaction of a ``CatalogueDatabase``.
public protocol SQLExecutor: Sendable {
    /// Runs one statement with its `?` placeholders bound, in order, to `binds`, and returns its
    /// rows (none for a statement that returns nothing).
    ///
    /// - Throws: the database's error when the statement fails; the transaction is then rolled
    ///   back by ``CatalogueDatabase/transaction(_:)``.
    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow]
}
