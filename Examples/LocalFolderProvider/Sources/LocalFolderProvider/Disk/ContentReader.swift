import FileProviderKit
import Foundation

/// Copies an item's file out of the root into a new file the caller owns.
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
        guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
            throw FileProviderError.io("cannot create \(destination.path)")
        }
        let output = try FileHandle(forWritingTo: destination)
        defer { try? output.close() }
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            try output.write(contentsOf: chunk)
        }
    }
}
