import FileProviderKit
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system calls that make a change survive a crash: flushing a file or a folder to
/// the device, and replacing a file atomically.
///
/// A change is durable once the bytes of the file and the folder entry naming it are both on the
/// device: write a temporary file, `fsync` it, `rename` it into place (atomic: readers see the old
/// or the new file, never half of one), then `fsync` the folder.
enum Durability {
    /// Flushes a file's or a folder's data and metadata to the device.
    static func sync(_ url: URL) throws {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw posixError("open", url) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw posixError("fsync", url) }
    }

    /// Renames `source` to `destination` (replacing a file there) and flushes both folders.
    static func rename(_ source: URL, to destination: URL) throws {
        guard Foundation.rename(source.path, destination.path) == 0 else { throw posixError("rename", destination) }
        try sync(destination.deletingLastPathComponent())
        if source.deletingLastPathComponent() != destination.deletingLastPathComponent() {
            try sync(source.deletingLastPathComponent())
        }
    }

    /// Writes `data` to `url` atomically and durably, through a temporary file beside it.
    static func write(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp")
        try data.write(to: temporary)
        try sync(temporary)
        try rename(temporary, to: url)
    }

    /// Copies the file at `source` — or, when it is `nil`, nothing — into a new file in `folder`,
    /// flushed to the device, and returns it. The copy reads through symbolic links: `source` is
    /// the caller's file, not the root's.
    ///
    /// - Throws: `fileReadNoSuchFile` when `source` does not exist, `fileReadUnknown` when it
    ///   cannot be read.
    static func stage(_ source: URL?, in folder: URL) throws -> URL {
        let staged = folder.appendingPathComponent(UUID().uuidString)
        guard let source else {
            guard FileManager.default.createFile(atPath: staged.path, contents: nil) else {
                throw FileProviderError.io("cannot create \(staged.path)")
            }
            return staged
        }
        guard FileManager.default.fileExists(atPath: source.path) else {
            throw FileProviderError.contentsMissing(source)
        }
        do {
            try FileManager.default.copyItem(at: source, to: staged)
            try sync(staged)
        } catch {
            try? FileManager.default.removeItem(at: staged)
            throw FileProviderError.contentsUnreadable(source, error)
        }
        return staged
    }

    /// Moves a staged file to `destination` unless an entry already exists there, and flushes the
    /// folder. `link` fails rather than replace, so a file another program just created is never
    /// overwritten.
    ///
    /// - Returns: `false`, leaving the staged file in place, when `destination` exists.
    static func place(_ staged: URL, at destination: URL) throws -> Bool {
        guard link(staged.path, destination.path) == 0 else {
            if errno == EEXIST { return false }
            throw posixError("link", destination)
        }
        unlink(staged.path)
        try sync(destination.deletingLastPathComponent())
        return true
    }

    /// The `errno` of the last call, as an error naming the call and the file.
    static func posixError(_ call: String, _ url: URL) -> FileProviderError {
        .io("\(call) \(url.path): \(String(cString: strerror(errno)))")
    }
}
