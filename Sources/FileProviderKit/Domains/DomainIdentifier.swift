/// The identifier of a domain: a non-empty string without `/` or `:`.
public struct DomainIdentifier: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The identifier's text.
    public let rawValue: String

    /// Creates an identifier from its text.
    ///
    /// - Throws: ``FileProviderError/invalidValue(_:)`` — a ``FileProviderError/Code/invalidArgument``
    ///   with reason ``InvalidValueError/Reason/invalidDomainIdentifier(_:)`` — when `rawValue` is
    ///   empty or contains `/` or `:`.
    public init(_ rawValue: String) throws(FileProviderError) {
        guard !rawValue.isEmpty, !rawValue.contains("/"), !rawValue.contains(":") else {
            throw .invalidValue(.invalidDomainIdentifier(rawValue))
        }
        self.rawValue = rawValue
    }

    /// Decodes an identifier, validating it.
    ///
    /// - Throws: ``FileProviderError/invalidValue(_:)`` for an invalid identifier, or a decoding
    ///   error.
    public init(from decoder: any Decoder) throws {
        try self.init(decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the identifier as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Orders identifiers by their text.
    public static func < (lhs: DomainIdentifier, rhs: DomainIdentifier) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The identifier's text.
    public var description: String { rawValue }
}
