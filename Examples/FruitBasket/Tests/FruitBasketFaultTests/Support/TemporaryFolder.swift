import Foundation

/// A folder of its own in the temporary directory, removed when the value goes away.
final class TemporaryFolder: Sendable {
    /// The folder.
    let url: URL

    /// Creates the folder.
    ///
    /// - Throws: the file system's error.
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("fruitbasket-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `bytes` to a new file named `name` in the folder and returns it.
    ///
    /// - Throws: the file system's error.
    func file(_ name: String, _ bytes: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try bytes.write(to: file)
        return file
    }
}
