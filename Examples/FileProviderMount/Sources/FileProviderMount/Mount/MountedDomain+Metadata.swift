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
            return attributes.of(hidden, size: workingCopySize(of: hidden.itemIdentifier))
        }
        guard let item = try item(at: path) else { return attributes.root() }
        return attributes.of(item, size: workingCopySize(of: item.itemIdentifier))
    }

    /// The size of `identifier`'s working copy, if it has one. Read under the table's lock: a
    /// working copy is forgotten under it before its file is closed, so the size is never read
    /// from a descriptor closed (or reused) meanwhile.
    private func workingCopySize(of identifier: ItemIdentifier) -> Int64? {
        table.withLock { $0.workingCopies[identifier]?.size }
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
        // Read under the lock, as in workingCopySize(of:).
        let sizes = table.withLock { $0.workingCopies.compactMapValues(\.size) }
        return children.map { child in
            DirectoryEntry(name: child.filename, attributes: attributes.of(child, size: sizes[child.itemIdentifier]))
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
