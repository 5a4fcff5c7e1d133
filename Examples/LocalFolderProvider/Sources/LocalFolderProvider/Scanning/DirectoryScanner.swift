import Foundation

/// One entry found on disk by a scan.
struct ScannedEntry: Sendable {
    /// The index of the folder holding the entry, or `nil` at the top of the root or the trash.
    var parentIndex: Int?
    var inTrash: Bool
    var name: String
    var fingerprint: DiskFingerprint
}

/// Walks the root and the trash folder, parents before children, without following symbolic
/// links. Only regular files and folders are reported: symbolic links, sockets, devices and
/// entries that cannot be read (for example names that are not UTF-8) are never items, so nothing
/// outside the root can be reached through them.
enum DirectoryScanner {
    static func scan(root: URL, trash: URL) -> [ScannedEntry] {
        var entries: [ScannedEntry] = []
        var folders: [(url: URL, index: Int?, inTrash: Bool)] = [(root, nil, false), (trash, nil, true)]
        var next = 0
        while next < folders.count {
            let folder = folders[next]
            next += 1
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []
            for name in names.sorted() {
                let url = folder.url.appendingPathComponent(name)
                guard let fingerprint = DiskFingerprint.read(url), fingerprint.kind != .other else { continue }
                entries.append(
                    ScannedEntry(
                        parentIndex: folder.index,
                        inTrash: folder.inTrash,
                        name: name,
                        fingerprint: fingerprint
                    )
                )
                if fingerprint.kind == .folder {
                    folders.append((url, entries.count - 1, folder.inTrash))
                }
            }
        }
        return entries
    }
}
