import FileProviderBackendSupport
import FileProviderKit
import Foundation

extension ObjectStore {
    /// Deletes an item and, with `.recursive`, everything below it: a ``KeyMove`` whose steps only
    /// delete, objects deepest first. When the first request fails, nothing changed; once it
    /// passed, the deletion is done as a whole — the bookkeeping, then the other objects. An
    /// object the backend refuses to delete then stays behind, no item referring to it, until the
    /// next change to the bucket settles the move (``settleOpenMoves()``).
    func delete(_ identifier: ItemIdentifier, baseVersion: ItemVersion, options: DeleteItemOptions) async throws {
        if identifier.isReservedContainer {
            throw FileProviderError(
                .fileWriteNoPermission,
                itemIdentifier: identifier,
                message: "\(identifier) is a container of the domain and cannot be deleted."
            )
        }
        guard let current = item(identifier), let key = identifiers.key(for: identifier) else { return }
        let below = descendants(of: identifier)
        if baseVersion != current.itemVersion { throw FileProviderError.rejectedDeletion(of: current) }
        if current.contentType.isDirectory, !below.isEmpty, !options.contains(.recursive) {
            throw FileProviderError(
                .directoryNotEmpty,
                itemIdentifier: identifier,
                message: "\"\(current.filename)\" is not empty; delete it with .recursive."
            )
        }
        try Task.checkCancellation()
        let doomed = (below + [current]).compactMap { item -> (ItemSnapshot, String)? in
            identifiers.key(for: item.itemIdentifier).map { (item, $0) }
        }
        .sorted { $0.1.count > $1.1.count }
        let deletion = KeyMove(
            steps: doomed.map { item, itemKey in
                KeyMove.Step(source: objectKey(itemKey, isFolder: item.contentType.isDirectory), destination: nil)
            },
            context: [
                Self.deletedKeyContext: key,
                Self.deletedItemsContext: doomed.map(\.0.itemIdentifier.rawValue).joined(separator: "\n"),
            ]
        )
        try await settleOpenMoves()
        try await KeyMove.run(deletion, in: operations, on: client) { try completeDeletion(deletion) }
    }

    /// The bookkeeping of a deletion: the keys forgotten, the items removed, the change recorded.
    /// Running it twice is harmless.
    func completeDeletion(_ deletion: KeyMove) throws {
        guard let key = deletion.context[Self.deletedKeyContext],
            let identifiers = deletion.context[Self.deletedItemsContext]
        else { return }
        try self.identifiers.remove(key)
        try commit(remove: identifiers.split(separator: "\n").map { ItemIdentifier(String($0)) })
    }

    /// The context entry naming a deletion's topmost key.
    static let deletedKeyContext = "deleted-key"
    /// The context entry listing a deletion's item identifiers, one per line.
    static let deletedItemsContext = "deleted-items"
}
