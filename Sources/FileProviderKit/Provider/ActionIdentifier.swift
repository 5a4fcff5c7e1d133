/// The identifier of a custom action a provider offers on items.
public struct ActionIdentifier: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral {
    /// The identifier's text.
    public let rawValue: String

    /// Creates an identifier from its text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an identifier from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }
}
