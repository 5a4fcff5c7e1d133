import FileProviderBackendSupport
import FileProviderKit
import Foundation

extension ObjectStore {
    /// Deletes an item and, with `.recursive`, everything below it: the objects deepest first,
    /// then the bookkeeping. A failure at the first request changes nothing; one later leaves the
    /// remaining items listed and the call failing, so the consumer retries it.
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
        for (item, itemKey) in doomed {
            try await client.deleteObject(objectKey(itemKey, isFolder: item.contentType.isDirectory))
        }
        try identifiers.remove(key)
        try commit(remove: doomed.map(\.0.itemIdentifier))
    }
}
