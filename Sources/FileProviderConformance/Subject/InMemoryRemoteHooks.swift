import FileProviderKit
import Foundation
import InMemoryFileProvider

/// The reference store's `RemoteClient` as ``RemoteChangeHooks``: changes made as another client
/// of an `InMemoryStore`, for a fixture you build around the reference provider yourself (or
/// wrap, see ``ConformanceSubject/referenceProvider(named:capabilities:caseRule:supportsTrash:wrapping:remote:)``).
///
/// Each method applies its change to the store at once and throws the `FileProviderError` the
/// store throws (for example `noSuchItem` for an unknown identifier, `filenameCollision` for a
/// taken name).
public struct InMemoryRemoteHooks: RemoteChangeHooks {
    /// The store's remote client.
    public let remote: RemoteClient

    /// Hooks that change the store behind `remote`.
    public init(_ remote: RemoteClient) {
        self.remote = remote
    }

    /// Creates a file with `contents`, or a folder when `contents` is `nil`, on the store.
    public func createItem(
        named filename: String,
        in parent: ItemIdentifier,
        contents: Data?
    ) async throws
        -> ItemIdentifier
    {
        if let contents {
            return try remote.createFile(named: filename, in: parent, contents: contents).itemIdentifier
        }
        return try remote.createFolder(named: filename, in: parent).itemIdentifier
    }

    /// Replaces a file's content on the store.
    public func replaceContents(of identifier: ItemIdentifier, with contents: Data) async throws {
        try remote.modifyContents(of: identifier, to: contents)
    }

    /// Renames an item on the store.
    public func rename(_ identifier: ItemIdentifier, to filename: String) async throws {
        try remote.rename(identifier, to: filename)
    }

    /// Moves an item to another folder on the store.
    public func move(_ identifier: ItemIdentifier, to parent: ItemIdentifier) async throws {
        try remote.move(identifier, to: parent)
    }

    /// Trashes an item on the store.
    public func trash(_ identifier: ItemIdentifier) async throws {
        try remote.trash(identifier)
    }

    /// Restores a trashed item on the store.
    public func restore(_ identifier: ItemIdentifier, to parent: ItemIdentifier) async throws {
        try remote.restore(identifier, to: parent)
    }

    /// Deletes an item and its descendants on the store.
    public func delete(_ identifier: ItemIdentifier) async throws {
        try remote.delete(identifier)
    }
}
