import FileProviderKit
import Foundation

/// One entry found on disk by a scan.
struct ScannedEntry: Sendable {
    /// The index of the scanned folder holding the entry, or `nil` when it is directly in
    /// `container`.
    var parentIndex: Int?
    /// The container holding the entry when `parentIndex` is `nil`.
    var container: ItemIdentifier
    var name: String
    var fingerprint: DiskFingerprint
}

/// Walks folders parents before children, through open folder descriptors and without following
/// symbolic links. Only regular files with a single name and folders are reported: symbolic links,
/// hard-linked files, sockets, devices and entries that cannot be read (for example names that are
/// not UTF-8) are never items, so nothing outside the root can be reached through them. A folder
/// swapped for something else while it is walked is skipped.
struct DirectoryScanner {
    private(set) var entries: [ScannedEntry] = []
    /// Whether to walk into a folder found; by default every folder is walked.
    var descendsInto: (DiskFingerprint) -> Bool = { _ in true }

    /// Reports the entries of `folder`, the container `container` — only those named in `names`
    /// when given — and walks into the folders among them that ``descendsInto`` accepts.
    mutating func scan(_ folder: DirectoryDescriptor, container: ItemIdentifier, names: Set<String>? = nil) {
        let names = names.map { $0.sorted() } ?? folder.entryNames()
        walk(folder, names: names, parentIndex: nil, container: container)
    }

    private mutating func walk(
        _ folder: DirectoryDescriptor,
        names: [String],
        parentIndex: Int?,
        container: ItemIdentifier
    ) {
        for name in names {
            guard let fingerprint = folder.fingerprint(of: name), fingerprint.kind != .other else { continue }
            var child: DirectoryDescriptor?
            if fingerprint.kind == .folder {
                child = folder.folder(name, expecting: fingerprint.identity)
                if child == nil { continue }
            }
            entries.append(
                ScannedEntry(parentIndex: parentIndex, container: container, name: name, fingerprint: fingerprint)
            )
            if let child, descendsInto(fingerprint) {
                walk(child, names: child.entryNames(), parentIndex: entries.count - 1, container: container)
            }
        }
    }
}
