import FileProviderBackendSupport
import FileProviderKit
import Foundation

extension ObjectStore {
    /// Applies every changed field: a rename or move (a ``KeyMove`` of the item's object and, for a
    /// folder, of every object below it), new content (one PUT), and metadata.
    func modify(
        _ template: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions
    ) async throws -> ItemMutationResult? {
        let identifier = template.itemIdentifier
        if identifier.isReservedContainer {
            throw FileProviderError(
                .fileWriteNoPermission,
                itemIdentifier: identifier,
                message: "\(identifier) is a container of the domain and cannot be changed."
            )
        }
        guard let current = item(identifier), let key = identifiers.key(for: identifier) else {
            throw FileProviderError.nonExistentItem(withIdentifier: identifier)
        }
        if options.contains(.failOnConflict), baseVersion != current.itemVersion {
            throw FileProviderError(
                .localVersionConflictingWithServer,
                itemIdentifier: identifier,
                item: current,
                message: "The change is based on \(baseVersion); the bucket has \(current.itemVersion)."
            )
        }
        var updated = current
        if changedFields.contains(.filename) {
            try Filename.validate(template.filename)
            updated.filename = template.filename
        }
        if changedFields.contains(.parentItemIdentifier) {
            updated.parentItemIdentifier = template.parentItemIdentifier
        }
        let isFolder = current.contentType.isDirectory
        let writesContent = changedFields.contains(.contents) && !isFolder
        let data = writesContent ? try Self.read(contents) : nil
        try Task.checkCancellation()
        let rank = nextRank()
        var newKey = key
        if updated.parentItemIdentifier != current.parentItemIdentifier || updated.filename != current.filename {
            newKey = try checkDestination(of: updated, moving: current)
        }
        updated.apply(template, fields: changedFields)
        let metadataOnly = try ItemVersion(
            contentVersion: current.itemVersion.contentVersion,
            metadataVersion: ItemVersion(contentRevision: rank, metadataRevision: rank).metadataVersion
        )
        updated.itemVersion = metadataOnly
        if let data {
            updated.itemVersion = ItemVersion(contentRevision: rank, metadataRevision: rank)
            updated.documentSize = Int64(data.count)
            if !changedFields.contains(.contentModificationDate) { updated.contentModificationDate = Date() }
        }
        if newKey != key {
            // The new content, if any, is written at the destination in place of the copy: the
            // move and the write succeed or fail together.
            try await move(current, from: key, to: newKey, as: updated, writing: data)
        } else {
            if let data {
                try await settleOpenMoves()
                try await client.putObject(key, body: data, metadata: ["fpk-id": identifier.rawValue])
            }
            try commit(put: [updated])
        }
        return ItemMutationResult(item: updated)
    }

    /// Checks where `updated` goes and returns its new key.
    ///
    /// - Throws: `featureUnsupported` for the trash; `noSuchItem` for a missing parent;
    ///   `invalidArgument` for a folder moved into itself or below; `filenameCollision`.
    private func checkDestination(of updated: ItemSnapshot, moving current: ItemSnapshot) throws -> String {
        let parent = updated.parentItemIdentifier
        if parent == .trashContainer {
            throw FileProviderError(.featureUnsupported, message: "ObjectStoreProvider has no trash.")
        }
        guard isContainer(parent) else { throw FileProviderError.nonExistentItem(withIdentifier: parent) }
        if current.contentType.isDirectory, isSelfOrAncestor(current.itemIdentifier, of: parent) {
            throw FileProviderError(
                .invalidArgument,
                itemIdentifier: current.itemIdentifier,
                message: "A folder cannot move into itself or one of its descendants."
            )
        }
        if let existing = child(named: updated.filename, in: parent, excluding: current.itemIdentifier) {
            throw FileProviderError.collision(with: existing)
        }
        return try prefix(of: parent) + updated.filename
    }

    /// Moves the item's object — and a folder's every object below it — to `newKey`, journaled,
    /// a file's object written with `data` instead of copied when it has new content: on a
    /// failure before every object is at its destination, every key is back where it was; after
    /// it, the move is done (sources the backend refuses to delete are left for
    /// ``settleOpenMoves()``); after a crash the next start finishes or rolls back. The
    /// bookkeeping (map, item, change) is done before the intent is closed.
    private func move(
        _ current: ItemSnapshot,
        from key: String,
        to newKey: String,
        as updated: ItemSnapshot,
        writing data: Data?
    ) async throws {
        var steps = [
            KeyMove.Step(
                source: objectKey(key, isFolder: current.contentType.isDirectory),
                destination: objectKey(newKey, isFolder: current.contentType.isDirectory)
            )
        ]
        for descendantKey in identifiers.descendants(of: key) {
            let isFolder = identifiers.identifier(forKey: descendantKey).flatMap(item)?.contentType.isDirectory ?? false
            let destination = newKey + descendantKey.dropFirst(key.count)
            steps.append(
                KeyMove.Step(
                    source: objectKey(descendantKey, isFolder: isFolder),
                    destination: objectKey(destination, isFolder: isFolder)
                )
            )
        }
        let encoder = JSONEncoder()
        let json = String(decoding: try encoder.encode(updated), as: UTF8.self)
        let move = KeyMove(steps: steps, context: ["item": json, "from": key, "to": newKey])
        let backend = ContentReplacingBackend(
            client: client,
            replacement: data.map {
                ContentReplacingBackend.Replacement(
                    key: objectKey(newKey, isFolder: false),
                    body: $0,
                    metadata: ["fpk-id": current.itemIdentifier.rawValue]
                )
            }
        )
        try await settleOpenMoves()
        try await KeyMove.run(move, in: operations, on: backend) { try completeMove(move) }
    }
}
