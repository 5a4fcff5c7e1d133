import FileProviderKit
import Foundation

/// Copies an item's file out of the root into a new file the caller owns, holes kept.
///
/// The file is opened in its (checked, open) folder with `O_NOFOLLOW`, and what was opened is
/// compared with the file the provider recorded, so a symbolic link, a hard link or another file
/// swapped in at the last moment is refused rather than read.
enum ContentReader {
    static func copy(
        _ name: String,
        in folder: DirectoryDescriptor,
        expecting identity: FileIdentity,
        to destination: URL
    ) throws {
        guard let (input, disk) = folder.openEntry(name) else {
            throw FileProviderError.changedOnDisk(URL(fileURLWithPath: folder.path).appendingPathComponent(name))
        }
        guard disk.kind == .file, disk.identity == identity else {
            throw FileProviderError.changedOnDisk(URL(fileURLWithPath: folder.path).appendingPathComponent(name))
        }
        let output = open(destination.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw FileProviderError.io("cannot create \(destination.path)") }
        defer { close(output) }
        do {
            try SparseCopy.copy(from: input.fileDescriptor, to: output)
        } catch {
            throw FileProviderError.io(
                "cannot copy \(name) to \(destination.path): \(String(cString: strerror(error.code)))"
            )
        }
    }
}
