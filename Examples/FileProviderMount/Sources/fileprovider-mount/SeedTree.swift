import FileProviderKit
import Foundation
import InMemoryFileProvider

/// A generated tree for the reference provider: `folder-<n>/file-<m>.txt`, 100 files a folder.
enum SeedTree {
    /// Creates `files` files (each holding its own path) through the store's remote client.
    ///
    /// - Throws: the store's error.
    static func create(files: Int, in store: InMemoryStore) throws {
        var folder: ItemIdentifier = .rootContainer
        for index in 0..<files {
            if index % 100 == 0 {
                folder = try store.remote.createFolder(named: "folder-\(index / 100)").itemIdentifier
            }
            let name = "file-\(index % 100).txt"
            try store.remote.createFile(
                named: name,
                in: folder,
                contents: Data("folder-\(index / 100)/\(name)\n".utf8)
            )
        }
    }
}
