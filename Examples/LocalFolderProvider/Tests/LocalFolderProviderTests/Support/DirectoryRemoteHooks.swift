import FileProviderConformance
import FileProviderKit
import Foundation
import LocalFolderProvider
import Synchronization

/// The provider instance a fixture currently has open: the first one, or the one that replaced
/// it after a simulated restart.
final class OpenInstance: Sendable {
    private let current: Mutex<LocalFolderProvider>
    let folders: TemporaryFolders

    init(_ provider: LocalFolderProvider, folders: TemporaryFolders) {
        current = Mutex(provider)
        self.folders = folders
    }

    var provider: LocalFolderProvider { current.withLock { $0 } }

    /// Closes the open instance and opens a new one over the same folders, as a restart does.
    func restart() async throws -> LocalFolderProvider {
        await provider.invalidate()
        let reopened = try LocalFolderProvider(rootDirectory: folders.root, stateDirectory: folders.state)
        current.withLock { $0 = reopened }
        return reopened
    }
}

/// Another program changing the directory: each hook edits the disk directly with
/// `FileManager`, as a shell or an editor would, then asks the provider to rescan. The provider's
/// only help is ``LocalFolderProvider/location(of:)``, to find where an item is.
struct DirectoryRemoteHooks: RemoteChangeHooks {
    let instance: OpenInstance

    private var provider: LocalFolderProvider { instance.provider }

    func createItem(named filename: String, in parent: ItemIdentifier, contents: Data?) async throws -> ItemIdentifier {
        let url = try await provider.location(of: parent).appendingPathComponent(filename)
        if let contents {
            try contents.write(to: url)
        } else {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        }
        try await provider.rescan()
        let created = try await provider.enumerator(for: parent, request: Request()).allItems()
            .first { $0.filename == filename }
        guard let created else { throw FileProviderError(.noSuchItem, message: "the rescan missed \(filename)") }
        return created.itemIdentifier
    }

    /// Saves as most editors do: a new file beside the old one, renamed over it.
    func replaceContents(of identifier: ItemIdentifier, with contents: Data) async throws {
        let url = try await provider.location(of: identifier)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(UUID().uuidString).swp")
        try contents.write(to: temporary)
        guard Foundation.rename(temporary.path, url.path) == 0 else {
            throw FileProviderError(.cannotSynchronize, message: "rename over \(url.path) failed")
        }
        try await provider.rescan()
    }

    func rename(_ identifier: ItemIdentifier, to filename: String) async throws {
        let url = try await provider.location(of: identifier)
        try FileManager.default.moveItem(at: url, to: url.deletingLastPathComponent().appendingPathComponent(filename))
        try await provider.rescan()
    }

    func move(_ identifier: ItemIdentifier, to parent: ItemIdentifier) async throws {
        let url = try await provider.location(of: identifier)
        let destination = try await provider.location(of: parent).appendingPathComponent(url.lastPathComponent)
        if destination != url { try FileManager.default.moveItem(at: url, to: destination) }
        try await provider.rescan()
    }

    /// Moves the entry into the state folder's `trash`, under a name of its own.
    func trash(_ identifier: ItemIdentifier) async throws {
        let url = try await provider.location(of: identifier)
        let trash = provider.stateDirectory.appendingPathComponent("trash").appendingPathComponent(UUID().uuidString)
        try FileManager.default.moveItem(at: url, to: trash)
        try await provider.rescan()
    }

    func restore(_ identifier: ItemIdentifier, to parent: ItemIdentifier) async throws {
        let url = try await provider.location(of: identifier)
        let filename = try await provider.item(for: identifier, request: Request()).filename
        try FileManager.default.moveItem(
            at: url,
            to: try await provider.location(of: parent).appendingPathComponent(filename)
        )
        try await provider.rescan()
    }

    func delete(_ identifier: ItemIdentifier) async throws {
        try FileManager.default.removeItem(at: try await provider.location(of: identifier))
        try await provider.rescan()
    }
}
