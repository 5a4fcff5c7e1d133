import FileProviderKit

extension StoreState {
    /// Deletes an item permanently (see ``InMemoryFileProvider/deleteItem(identifier:baseVersion:options:request:)``).
    ///
    /// - Parameter baseVersion: the version the deletion is based on, or `nil` to skip the check
    ///   (remote deletions).
    /// - Returns: the number of items deleted, the item's descendants included; 0 when no item
    ///   had `identifier`.
    @discardableResult
    mutating func delete(
        _ identifier: ItemIdentifier,
        baseVersion: ItemVersion?,
        recursive: Bool
    ) throws(FileProviderError) -> Int {
        if identifier.isReservedContainer {
            throw FileProviderError(
                .fileWriteNoPermission,
                itemIdentifier: identifier,
                message: "The root, the working set and the trash cannot be deleted."
            )
        }
        guard let current = storedItem(identifier) else { return 0 }
        if let baseVersion, baseVersion != current.itemVersion { throw .rejectedDeletion(of: current) }
        if !recursive, let folder = folders[identifier], !folder.isEmpty {
            throw FileProviderError(
                .directoryNotEmpty,
                itemIdentifier: identifier,
                message: "The folder has children; delete it recursively."
            )
        }
        let before = items.count
        removeTree(current)
        return before - items.count
    }
}
