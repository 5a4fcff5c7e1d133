import Foundation
import PostgresNIO

/// A PostgreSQL connection URL, `postgres://user:password@host:port/database`, parsed into the
/// settings of a `PostgresClient`.
///
/// The scheme is `postgres` or `postgresql`; the password may be left out (`user@host`), the port
/// defaults to 5432; user, password and database are percent-decoded. The only query parameter
/// understood is `sslmode`: `disable` (the default, for loopback and private networks), `prefer`
/// (TLS when the server offers it) or `require` (TLS, the server's certificate verified).
public struct PostgresURL: Sendable, Hashable {
    /// How the connection uses TLS.
    public enum TLSMode: String, Sendable, Hashable, CaseIterable {
        /// Never TLS.
        case disable
        /// TLS when the server offers it, plain otherwise.
        case prefer
        /// TLS, or no connection; the certificate is verified against the system's roots.
        case require
    }

    /// The host name or IP address (without the brackets of an IPv6 literal).
    public var host: String
    /// The TCP port.
    public var port: Int
    /// The user to log in as.
    public var user: String
    /// The password, `nil` when the URL has none.
    public var password: String?
    /// The database to open.
    public var database: String
    /// How the connection uses TLS.
    public var tls: TLSMode

    /// Parses `string`.
    ///
    /// - Throws: ``PostgresURLError`` naming what is wrong; the message never repeats the password.
    public init(_ string: String) throws(PostgresURLError) {
        guard let components = URLComponents(string: string), let scheme = components.scheme else {
            throw .notAURL
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw .unsupportedScheme(scheme)
        }
        guard var host = components.host, !host.isEmpty else { throw .missingHost }
        if host.hasPrefix("["), host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        }
        guard let user = components.user, !user.isEmpty else { throw .missingUser }
        let port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw .invalidPort(port) }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty else { throw .missingDatabase }
        guard !database.contains("/") else { throw .invalidDatabase(database) }
        var tls = TLSMode.disable
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else { throw .unsupportedParameter(item.name) }
            guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                throw .invalidSSLMode(item.value ?? "")
            }
            tls = mode
        }
        self.host = host
        self.port = port
        self.user = user
        self.password = components.password
        self.database = database
        self.tls = tls
    }

    /// The URL with the password replaced by `***`, for logs and messages.
    public var redacted: String {
        let credentials = password == nil ? user : "\(user):***"
        let hostPart = host.contains(":") ? "[\(host)]" : host
        let query = tls == .disable ? "" : "?sslmode=\(tls.rawValue)"
        return "postgres://\(credentials)@\(hostPart):\(port)/\(database)\(query)"
    }

    /// The URL in full, password included (percent-encoded), in the form ``init(_:)`` parses.
    public var absoluteString: String {
        var components = URLComponents()
        components.scheme = "postgres"
        components.user = user
        components.password = password
        components.host = host.contains(":") ? "[\(host)]" : host
        components.port = port
        components.path = "/" + database
        if tls != .disable { components.queryItems = [URLQueryItem(name: "sslmode", value: tls.rawValue)] }
        return components.string ?? redacted
    }

    /// The settings of a `PostgresClient` that connects as this URL says.
    public var clientConfiguration: PostgresClient.Configuration {
        let mode: PostgresClient.Configuration.TLS
        switch tls {
        case .disable: mode = .disable
        case .prefer: mode = .prefer(.makeClientConfiguration())
        case .require: mode = .require(.makeClientConfiguration())
        }
        return PostgresClient.Configuration(
            host: host,
            port: port,
            username: user,
            password: password,
            database: database,
            tls: mode
        )
    }
}
