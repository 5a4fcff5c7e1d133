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
        if let hidden = hiddenFiles.withLock({ $0[path] }) {
            let size = table.withLock { $0.workingCopies[hidden.itemIdentifier] }?.size
            return attributes.of(hidden, size: size)
        }
        guard let item = try item(at: path) else { return attributes.root() }
        let size = table.withLock { $0.workingCopies[item.itemIdentifier] }?.size
        return attributes.of(item, size: size)
    }

    /// The attributes of the file open through handle `number`: its item's, or, once the item is
    /// unlinked, those it had when opened with the size of the handle's content.
    ///
    /// - Throws: `EBADF` for an unknown handle.
    func attributes(ofHandle number: UInt64) throws(MountError) -> stat {
        guard let handle = table.withLock({ $0.handles[number] }) else { throw .badDescriptor }
        let current = tree.withLock { $0.namespace.item(handle.identifier) }
        var size = handle.workingCopy?.size
        if current == nil, size == nil {
            var status = stat()
            if fstat(handle.descriptor, &status) == 0 { size = Int64(status.st_size) }
        }
        if handle.partial != nil, current == nil { size = handle.item.documentSize }
        return attributes.of(current ?? handle.item, size: size)
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
