import FileProviderKit
import Foundation

#if canImport(FileProvider)
import UniformTypeIdentifiers
#endif

extension ContentType {
    /// The type with `UTType`'s identifier, conforming to its supertypes.
    public init(_ apple: UTType) {
        self.init(apple.identifier, conformingTo: apple.supertypes.map { ContentType($0.identifier) })
    }

    /// The `UTType` with the same identifier: the declared type when the system knows it, otherwise
    /// an imported type conforming to the nearest well-known supertype (a directory to
    /// `public.folder`, anything else to `public.data`).
    public var apple: UTType {
        if let declared = UTType(identifier) { return declared }
        let parent: UTType
        if isFolder || isDirectory {
            parent = .folder
        } else if isSymbolicLink {
            parent = .symbolicLink
        } else {
            parent = .data
        }
        return UTType(importedAs: identifier, conformingTo: parent)
    }
}
