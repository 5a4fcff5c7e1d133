import Foundation

/// Which file on which device: stays the same when the file is renamed or moved within the
/// device, and is how a rescan recognises an item another program moved.
struct FileIdentity: Hashable, Codable, Sendable {
    var device: UInt64
    var inode: UInt64
}

/// What the provider knows of an entry on disk, read without following symbolic links.
///
/// A file's content counts as changed when its identity, size or modification date differ; a
/// folder's modification date changes with its children and is not compared.
struct DiskFingerprint: Hashable, Codable, Sendable {
    enum Kind: String, Codable, Sendable {
        case file
        case folder
        /// A symbolic link, socket, device or anything else the provider never exposes.
        case other
    }

    var identity: FileIdentity
    var kind: Kind
    var size: Int64
    var modificationDate: Date

    /// Reads the entry at `url` with `lstat` semantics; `nil` when there is none or it cannot be read.
    static func read(_ url: URL) -> DiskFingerprint? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let device = (attributes[.systemNumber] as? NSNumber)?.uint64Value,
            let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value
        else { return nil }
        let kind: Kind
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?: kind = .file
        case .typeDirectory?: kind = .folder
        default: kind = .other
        }
        return DiskFingerprint(
            identity: FileIdentity(device: device, inode: inode),
            kind: kind,
            size: (attributes[.size] as? NSNumber)?.int64Value ?? 0,
            modificationDate: attributes[.modificationDate] as? Date ?? .distantPast
        )
    }

    /// Whether a file's content differs between the two fingerprints.
    func contentDiffers(from other: DiskFingerprint) -> Bool {
        kind == .file
            && (identity != other.identity || size != other.size || modificationDate != other.modificationDate)
    }
}
