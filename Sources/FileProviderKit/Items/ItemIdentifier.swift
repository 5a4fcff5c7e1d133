/// The identifier of an item, as assigned by the provider.
///
/// Identifiers are opaque to everyone but the provider that assigned them. A provider guarantees
/// that an identifier is stable across rename, move, trash and restore, and that it is never
/// reused for another item once the item it named is deleted.
///
/// Three identifiers are reserved and name containers rather than items the provider stores;
/// their raw values equal the names of Apple's constants, so logs and predicates read the same:
/// ``rootContainer``, ``workingSet`` and ``trashContainer``.
public struct ItemIdentifier: RawRepresentable, Hashable, Comparable, Codable, Sendable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The identifier's text.
    public let rawValue: String

    /// Creates an identifier from its text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an identifier from its text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an identifier from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// Decodes an identifier from a single string.
    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the identifier as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The identifier's text.
    public var description: String { rawValue }

    /// Orders identifiers by their text; used to break ties in sorted listings.
    public static func < (lhs: ItemIdentifier, rhs: ItemIdentifier) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The root folder of a domain. Top-level items have it as their parent.
    public static let rootContainer = ItemIdentifier("NSFileProviderRootContainerItemIdentifier")

    /// The working set: every item the system keeps track of. It is enumerated for changes only,
    /// and items reported through it carry their real parent, never this identifier.
    public static let workingSet = ItemIdentifier("NSFileProviderWorkingSetContainerItemIdentifier")

    /// The trash. Trashed items have it as their parent.
    public static let trashContainer = ItemIdentifier("NSFileProviderTrashContainerItemIdentifier")

    /// Whether this is one of the three reserved container identifiers, which no provider may
    /// assign to an item of its own and which can be neither modified nor deleted.
    public var isReservedContainer: Bool {
        self == .rootContainer || self == .workingSet || self == .trashContainer
    }
}
