import PostgresNIO

extension PostgresCatalogueDatabase {
    /// Opens one connection outside the pool, logs in and runs `SELECT 1`, so a wrong host, port,
    /// user or database is reported at once (the pool retries a failing server for up to a
    /// minute before it fails the calls waiting on it). The schema option is not checked.
    ///
    /// - Throws: ``PostgresDatabaseError/connectionFailed(_:)`` when no connection can be made;
    ///   ``PostgresDatabaseError/statementFailed(sqlState:message:sql:)`` when the server refuses
    ///   the login or the database (SQLSTATE `28000`, `3D000`, …); `CancellationError`.
    public func verifyConnection() async throws {
        let tls: PostgresConnection.Configuration.TLS
        switch url.tls {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        let configuration = PostgresConnection.Configuration(
            host: url.host,
            port: url.port,
            username: url.user,
            password: url.password,
            database: url.database,
            tls: tls
        )
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            do {
                try await connection.query("SELECT 1", logger: logger)
            } catch {
                try? await connection.close()
                throw error
            }
            try await connection.close()
        } catch let error as PSQLError {
            throw PostgresTransactionExecutor.describe(error, sql: nil)
        }
    }
}
