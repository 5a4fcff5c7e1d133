import FileProviderKit
import Foundation

extension FolderStore {
    /// Deletes an item, and with `.recursive` everything inside it (see
    /// ``LocalFolderProvider/deleteItem(identifier:baseVersion:options:request:)``).
    ///
    /// The deletion is journaled as an intent, then the item leaves the root in one atomic rename
    /// into the staging folder, and only then is removed from the disk.
    func delete(_ identifier: ItemIdentifier, baseVersion: ItemVersion, options: DeleteItemOptions) throws {
        if identifier.isReservedContainer { throw FileProviderError.reservedContainer(identifier) }
        try settle([identifier])
        guard let current = state.records[identifier] else { return }
        guard let folder = folder(ofContainer: current.parent) else { throw FileProviderError.changedOnDisk(root) }
        if baseVersion != current.version { throw FileProviderError.rejectedDeletion(of: current.snapshot) }
        let descendants = state.descendants(of: identifier)
        if current.isFolder, !options.contains(.recursive) {
            let onDisk = folder.folder(current.diskName, expecting: current.disk.identity)?.entryNames() ?? []
            if !onDisk.isEmpty { try rescan() }
            if !descendants.isEmpty || !onDisk.isEmpty {
                throw FileProviderError(
                    .directoryNotEmpty,
                    itemIdentifier: identifier,
                    message: "\"\(current.filename)\" is not empty; delete it with .recursive."
                )
            }
        }
        try Task.checkCancellation()
        let doomed = "deleted-\(UUID().uuidString)"
        let removals = ([current] + descendants).map {
            Transaction.Removal(identifier: $0.identifier, rank: state.nextRank())
        }
        defer { stagingFolder.removeTree(doomed) }
        _ = try perform(transaction(removals: removals)) {
            try request("move the item out")
            try folder.rename(current.diskName, to: stagingFolder, as: doomed)
            return true
        }
        try folder.sync()
        try stagingFolder.sync()
    }
}
