/// Why a string is not a usable ``PostgresURL``. No case carries the password.
public enum PostgresURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The string does not parse as a URL with a scheme.
    case notAURL
    /// The scheme is not `postgres` or `postgresql`.
    case unsupportedScheme(String)
    /// The URL names no host.
    case missingHost
    /// The URL names no user (`postgres://user@host/database`).
    case missingUser
    /// The port is outside 1…65535.
    case invalidPort(Int)
    /// The URL's path names no database.
    case missingDatabase
    /// The path is not a single database name.
    case invalidDatabase(String)
    /// A query parameter other than `sslmode`.
    case unsupportedParameter(String)
    /// `sslmode` is not `disable`, `prefer` or `require`.
    case invalidSSLMode(String)

    /// A sentence naming the problem and the expected form.
    public var description: String {
        let form = "expected postgres://user[:password]@host[:port]/database[?sslmode=disable|prefer|require]"
        switch self {
        case .notAURL: return "The PostgreSQL URL does not parse as a URL; \(form)."
        case .unsupportedScheme(let scheme):
            return "The PostgreSQL URL's scheme is '\(scheme)', not postgres or postgresql; \(form)."
        case .missingHost: return "The PostgreSQL URL names no host; \(form)."
        case .missingUser: return "The PostgreSQL URL names no user; \(form)."
        case .invalidPort(let port): return "The PostgreSQL URL's port \(port) is outside 1…65535."
        case .missingDatabase: return "The PostgreSQL URL names no database; \(form)."
        case .invalidDatabase(let path):
            return "The PostgreSQL URL's path '\(path)' is not a single database name; \(form)."
        case .unsupportedParameter(let name):
            return "The PostgreSQL URL's parameter '\(name)' is not supported (only sslmode is)."
        case .invalidSSLMode(let mode):
            return "The PostgreSQL URL's sslmode '\(mode)' is not disable, prefer or require."
        }
    }
}
