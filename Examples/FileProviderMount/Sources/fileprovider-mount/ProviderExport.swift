import FileProviderKit
import Foundation

/// The provider's own listing written out as a directory tree, so that it can be compared with
/// what programs saw through the mount (`diff -r`, modes, link targets).
enum ProviderExport {
    /// Writes every item below the root into `directory` (created): folders, files with their
    /// fetched content and permission bits, symbolic links with their targets.
    ///
    /// - Throws: the provider's or the file system's error.
    static func write(_ provider: any FileProvider, to directory: URL) async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var pending: [(ItemIdentifier, URL)] = [(.rootContainer, directory)]
        while let (folder, url) = pending.popLast() {
            let children = try await provider.enumerator(for: folder, request: Request()).allItems()
            for child in children {
                let destination = url.appendingPathComponent(child.filename)
                if child.contentType.isSymbolicLink {
                    try FileManager.default.createSymbolicLink(
                        atPath: destination.path,
                        withDestinationPath: child.symlinkTargetPath ?? ""
                    )
                } else if child.contentType.isDirectory {
                    try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
                    pending.append((child.itemIdentifier, destination))
                } else {
                    let fetched = try await provider.fetchContents(
                        for: child.itemIdentifier,
                        version: nil,
                        request: Request()
                    )
                    try FileManager.default.moveItem(at: fetched.url, to: destination)
                    var mode = 0
                    if child.fileSystemFlags.contains(.userReadable) { mode |= 0o444 }
                    if child.fileSystemFlags.contains(.userWritable) { mode |= 0o200 }
                    if child.fileSystemFlags.contains(.userExecutable) { mode |= 0o111 }
                    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: destination.path)
                }
            }
        }
    }
}
