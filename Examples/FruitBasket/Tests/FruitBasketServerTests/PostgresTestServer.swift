import Foundation
import Testing

@testable import FruitBasketServer

/// The PostgreSQL server the tests that need one use: `FRUITBASKET_POSTGRES_URL`, which
/// `Scripts/start-postgres.sh start` prints (CI sets it). Without it those tests are skipped.
enum PostgresTestServer {
    /// The URL, `nil` when the variable is unset or empty.
    static let url: String? = {
        guard let url = ProcessInfo.processInfo.environment["FRUITBASKET_POSTGRES_URL"], !url.isEmpty else {
            return nil
        }
        return url
    }()

    /// The reason shown when the tests are skipped.
    static let skipReason: Comment = """
        FRUITBASKET_POSTGRES_URL is not set: the PostgreSQL tests are skipped. Enable them with \
        `export FRUITBASKET_POSTGRES_URL=$(Scripts/start-postgres.sh start)`.
        """

    /// A new database on the test server. Each test works in tables of its own (``tableName(_:)``).
    static func open(maximumConnections: Int = 4, schema: String? = nil) throws -> PostgresCatalogueDatabase {
        try PostgresCatalogueDatabase(url: url ?? "", maximumConnections: maximumConnections, schema: schema)
    }

    /// A table name no other test or run uses: `prefix` and a fresh random suffix.
    static func tableName(_ prefix: String) -> String {
        "\(prefix)_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
    }
}
