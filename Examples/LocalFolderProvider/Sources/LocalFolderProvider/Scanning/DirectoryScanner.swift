import Foundation

/// One entry found on disk by a scan.
struct ScannedEntry: Sendable {
    /// The index of the folder holding the entry, or `nil` at the top of the root or the trash.
    var parentIndex: Int?
    var inTrash: Bool
    var name: String
    var fingerprint: DiskFingerprint
}

/// Walks the root and the trash folder, parents before children, through open folder descriptors
/// and without following symbolic links. Only regular files with a single name and folders are
/// reported: symbolic links, hard-linked files, sockets, devices and entries that cannot be read
/// (for example names that are not UTF-8) are never items, so nothing outside the root can be
/// reached through them. A folder swapped for something else while it is walked is skipped.
enum DirectoryScanner {
    static func scan(root: DirectoryDescriptor, trash: DirectoryDescriptor) -> [ScannedEntry] {
        var entries: [ScannedEntry] = []
        walk(root, parentIndex: nil, inTrash: false, into: &entries)
        walk(trash, parentIndex: nil, inTrash: true, into: &entries)
        return entries
    }

    private static func walk(
        _ folder: DirectoryDescriptor,
        parentIndex: Int?,
        inTrash: Bool,
        into entries: inout [ScannedEntry]
    ) {
        for name in folder.entryNames() {
            guard let fingerprint = folder.fingerprint(of: name), fingerprint.kind != .other else { continue }
            var child: DirectoryDescriptor?
            if fingerprint.kind == .folder {
                child = folder.folder(name, expecting: fingerprint.identity)
                if child == nil { continue }
            }
            entries.append(
                ScannedEntry(parentIndex: parentIndex, inTrash: inTrash, name: name, fingerprint: fingerprint)
            )
            if let child { walk(child, parentIndex: entries.count - 1, inTrash: inTrash, into: &entries) }
        }
    }
}
