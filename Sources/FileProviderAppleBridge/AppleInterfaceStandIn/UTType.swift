#if !canImport(FileProvider)
import FileProviderKit

/// Apple's `UTType` (UniformTypeIdentifiers), as far as the bridge uses it: a stand-in compiled
/// only where Apple's framework cannot be imported, so that the bridge builds and is tested on
/// Linux. On Apple's systems the name is Apple's own type.
///
/// As on Apple's systems, ``init(_:)`` knows only declared types (here the well-known types of
/// `ContentType`) and ``init(importedAs:conformingTo:)`` makes any other.
public struct UTType: Hashable, Sendable, CustomStringConvertible {
    /// The type's identifier, such as `public.folder`.
    public let identifier: String
    private let model: ContentType

    /// The declared type with `identifier`, or `nil` when no such type is declared.
    public init?(_ identifier: String) {
        let model = ContentType(identifier)
        guard model.isWellKnown else { return nil }
        self.identifier = identifier
        self.model = model
    }

    /// A type the application uses but does not declare, conforming to `parentType` (and to
    /// `public.data` when `parentType` is `nil`).
    public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.identifier = identifier
        self.model = ContentType(identifier, conformingTo: [parentType?.model ?? .data])
    }

    /// Every type this one conforms to, itself excluded.
    public var supertypes: Set<UTType> {
        Set(model.supertypeIdentifiers.compactMap { UTType($0) })
    }

    /// Whether this type is `type` or one of its subtypes.
    public func conforms(to type: UTType) -> Bool { model.conforms(to: type.model) }

    /// The identifier.
    public var description: String { identifier }

    /// Two types are equal when their identifiers are.
    public static func == (lhs: UTType, rhs: UTType) -> Bool { lhs.identifier == rhs.identifier }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// `public.item`.
    public static let item = UTType(known: .item)
    /// `public.data`.
    public static let data = UTType(known: .data)
    /// `public.directory`.
    public static let directory = UTType(known: .directory)
    /// `public.folder`.
    public static let folder = UTType(known: .folder)
    /// `com.apple.package`.
    public static let package = UTType(known: .package)
    /// `public.symlink`.
    public static let symbolicLink = UTType(known: .symbolicLink)
    /// `public.plain-text`.
    public static let plainText = UTType(known: .plainText)

    private init(known model: ContentType) {
        self.identifier = model.identifier
        self.model = model
    }
}
#endif
