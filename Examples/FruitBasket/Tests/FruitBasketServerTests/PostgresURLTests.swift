import Testing

@testable import FruitBasketServer

@Suite("PostgresURL parses connection URLs and names what is wrong")
struct PostgresURLTests {
    @Test func parsesEveryPart() throws {
        let url = try PostgresURL("postgres://fruit%20user:p%40ss:word@db.example:6543/basket?sslmode=require")
        #expect(url.host == "db.example")
        #expect(url.port == 6543)
        #expect(url.user == "fruit user")
        #expect(url.password == "p@ss:word")
        #expect(url.database == "basket")
        #expect(url.tls == .require)
        #expect(url.redacted == "postgres://fruit user:***@db.example:6543/basket?sslmode=require")
        #expect(url.absoluteString == "postgres://fruit%20user:p%40ss:word@db.example:6543/basket?sslmode=require")
        #expect(try PostgresURL(url.absoluteString) == url)
    }

    @Test func defaultsPortAndTLSAndAcceptsPostgresqlScheme() throws {
        let url = try PostgresURL("postgresql://fruitbasket@127.0.0.1/fruitbasket")
        #expect(url.port == 5432)
        #expect(url.password == nil)
        #expect(url.tls == .disable)
        #expect(url.redacted == "postgres://fruitbasket@127.0.0.1:5432/fruitbasket")
    }

    @Test func acceptsAnIPv6Literal() throws {
        let url = try PostgresURL("postgres://u@[::1]:5433/d")
        #expect(url.host == "::1")
        #expect(url.redacted == "postgres://u@[::1]:5433/d")
    }

    @Test(
        arguments: [
            ("not a url", PostgresURLError.notAURL),
            ("mysql://u@h/d", .unsupportedScheme("mysql")),
            ("postgres:///d", .missingHost),
            ("postgres://h:5432/d", .missingUser),
            ("postgres://u@h:0/d", .invalidPort(0)),
            ("postgres://u@h:70000/d", .invalidPort(70000)),
            ("postgres://u@h:5432", .missingDatabase),
            ("postgres://u@h/", .missingDatabase),
            ("postgres://u@h/d/e", .invalidDatabase("d/e")),
            ("postgres://u@h/d?connect_timeout=3", .unsupportedParameter("connect_timeout")),
            ("postgres://u@h/d?sslmode=verify-full", .invalidSSLMode("verify-full")),
        ]
    )
    func refusesWithTheExactReason(url: String, expected: PostgresURLError) {
        #expect(throws: expected) { try PostgresURL(url) }
    }

    @Test func messagesNeverRepeatThePassword() {
        #expect(throws: PostgresURLError.unsupportedScheme("http")) { try PostgresURL("http://u:secret@h/d") }
        #expect(!PostgresURLError.unsupportedScheme("http").description.contains("secret"))
        #expect(throws: PostgresURLError.missingDatabase) { try PostgresURL("postgres://u:secret@h") }
    }

    @Test func databaseInitializerRefusesABadURL() {
        #expect(throws: PostgresURLError.missingUser) {
            _ = try PostgresCatalogueDatabase(url: "postgres://localhost/fruitbasket")
        }
    }
}
