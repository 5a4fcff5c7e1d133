import Foundation
import LocalFolderProvider

/// A root folder and a state folder side by side in a fresh temporary directory, removed by
/// ``remove()``.
struct TemporaryFolders: Sendable {
    let base: URL
    var root: URL { base.appendingPathComponent("root", isDirectory: true) }
    var state: URL { base.appendingPathComponent("state", isDirectory: true) }

    init() throws {
        base = FileManager.default.temporaryDirectory
            .appendingPathComponent("LocalFolderProviderTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: base)
    }
}

/// A provider over fresh temporary folders, which go when the value does.
final class ProviderUnderTest: Sendable {
    let provider: LocalFolderProvider
    let folders: TemporaryFolders

    init() throws {
        (provider, folders) = try LocalFolderProvider.temporary()
    }

    deinit {
        folders.remove()
    }
}
