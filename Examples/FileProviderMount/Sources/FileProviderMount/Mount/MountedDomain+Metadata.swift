import FileProviderKit
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One entry of a directory listing.
struct DirectoryEntry: Sendable {
    let name: String
    let attributes: stat
}

extension MountedDomain {
    /// The attributes of the item at `path`; an open working copy's size wins over the item's.
    ///
    /// - Throws: `ENOENT`.
    func attributes(at path: String) throws(MountError) -> stat {
        guard let item = try item(at: path) else { return attributes.root() }
        let size = table.withLock { $0.workingCopies[item.itemIdentifier] }?.size
        return attributes.of(item, size: size)
    }

    /// The entries of the folder at `path`, sorted by name, without "." and "..".
    ///
    /// - Throws: `ENOENT`, `ENOTDIR`.
    func entries(at path: String) throws(MountError) -> [DirectoryEntry] {
        let folder = try item(at: path)
        if let folder, !folder.contentType.isDirectory { throw .notDirectory }
        let identifier = folder?.itemIdentifier ?? .rootContainer
        let children = tree.withLock { $0.namespace.children(of: identifier) }
        let copies = table.withLock { $0.workingCopies }
        return children.map { child in
            DirectoryEntry(
                name: child.filename,
                attributes: attributes.of(child, size: copies.isEmpty ? nil : copies[child.itemIdentifier]?.size)
            )
        }
    }

    /// The target of the symbolic link at `path`.
    ///
    /// - Throws: `ENOENT`; `EINVAL` when the item is not a symbolic link.
    func linkTarget(at path: String) throws(MountError) -> String {
        guard let item = try item(at: path), item.contentType.isSymbolicLink, let target = item.symlinkTargetPath
        else { throw .invalid }
        return target
    }
}
