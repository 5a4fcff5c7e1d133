/// The identifier of a decoration (a badge) the provider declares and attaches to items.
public struct DecorationIdentifier: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral {
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
