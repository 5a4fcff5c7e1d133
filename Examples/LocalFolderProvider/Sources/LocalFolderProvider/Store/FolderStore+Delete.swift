import FileProviderKit
import Foundation

extension FolderStore {
    /// Deletes an item, and with `.recursive` everything inside it (see
    /// ``LocalFolderProvider/deleteItem(identifier:baseVersion:options:request:)``).
    ///
    /// The item leaves the root in one atomic rename into the staging folder, is recorded as
    /// deleted, and only then is removed from the disk.
    func delete(_ identifier: ItemIdentifier, baseVersion: ItemVersion, options: DeleteItemOptions) throws {
        if identifier.isReservedContainer { throw FileProviderError.reservedContainer(identifier) }
        try settle([identifier])
        guard let current = state.records[identifier], let location = url(of: current) else { return }
        if baseVersion != current.version { throw FileProviderError.rejectedDeletion(of: current.snapshot) }
        let descendants = state.descendants(of: identifier)
        if current.isFolder, !options.contains(.recursive) {
            let onDisk = (try? FileManager.default.contentsOfDirectory(atPath: location.path)) ?? []
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
        let doomed = stateFolder.staging.appendingPathComponent("deleted-\(UUID().uuidString)")
        try Durability.rename(location, to: doomed)
        let removals = ([current] + descendants).map {
            Transaction.Removal(identifier: $0.identifier, rank: state.nextRank())
        }
        try commit(transaction(removals: removals))
        try? FileManager.default.removeItem(at: doomed)
    }
}
