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
    /// How much of a folder found a scan looks at.
    enum Descent {
        /// Every entry.
        case everything
        /// Only the entries with these names.
        case names(Set<EntryName>)
        /// None: the folder is reported, not walked.
        case nothing
    }

    private(set) var entries: [ScannedEntry] = []
    /// How much of a folder found to walk; by default every folder is walked whole.
    var descent: (DiskFingerprint) -> Descent = { _ in .everything }

    /// Reports the entries of `folder`, the container `container` — only those named in `names`
    /// when given — and walks into the folders among them as ``descent`` says.
    mutating func scan(_ folder: DirectoryDescriptor, container: ItemIdentifier, names: Set<EntryName>? = nil) {
        let names = names.map { $0.map(\.string).sorted() } ?? folder.entryNames()
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
            guard let child else { continue }
            let childNames: [String]
            switch descent(fingerprint) {
            case .everything: childNames = child.entryNames()
            case .names(let names): childNames = names.map(\.string).sorted()
            case .nothing: continue
            }
            walk(child, names: childNames, parentIndex: entries.count - 1, container: container)
        }
    }
}
