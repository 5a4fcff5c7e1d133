import FileProviderKit
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies an item's file out of the root into a new file the caller owns.
///
/// The file is opened with `O_NOFOLLOW` and its identity compared with the one the provider
/// recorded after it is open, so a symbolic link or another file swapped in at the last moment is
/// refused rather than read.
enum ContentReader {
    static func copy(_ url: URL, expecting identity: FileIdentity, to destination: URL) throws {
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW)
        guard descriptor >= 0 else { throw Durability.posixError("open", url) }
        let input = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0,
            FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)) == identity
        else {
            throw FileProviderError.changedOnDisk(url)
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
