import FileProviderKit
import Foundation
import InMemoryFileProvider

/// A generated tree for the reference provider: `folder-<n>/file-<m>.txt`.
enum SeedTree {
    /// Creates `files` files, `perFolder` in each folder, each holding its own path (repeated to
    /// `fileSize` bytes when given), through the store's remote client.
    ///
    /// - Throws: the store's error.
    static func create(files: Int, perFolder: Int, fileSize: Int? = nil, in store: InMemoryStore) throws {
        var folder: ItemIdentifier = .rootContainer
        for index in 0..<files {
            if index % perFolder == 0 {
                folder = try store.remote.createFolder(named: "folder-\(index / perFolder)").itemIdentifier
            }
            let name = "file-\(index % perFolder).txt"
            try store.remote.createFile(
                named: name,
                in: folder,
                contents: contents(Data("folder-\(index / perFolder)/\(name)\n".utf8), size: fileSize)
            )
        }
    }

    /// `line` repeated to exactly `size` bytes, or `line` itself without a size.
    static func contents(_ line: Data, size: Int?) -> Data {
        guard let size else { return line }
        var data = Data(capacity: size)
        while data.count < size { data.append(line.prefix(size - data.count)) }
        return data
    }
}
