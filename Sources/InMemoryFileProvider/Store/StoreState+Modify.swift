import FileProviderKit
import Foundation

extension StoreState {
    /// Applies every field of `changedFields` to an item in one step (see
    /// ``InMemoryFileProvider/modifyItem(_:baseVersion:changedFields:contents:options:request:)``).
    ///
    /// - Parameters:
    ///   - content: the new bytes of a file, or of a symbolic link's target when the item carries
    ///     none, already read; `nil` when there are none.
    ///   - now: the date stamped as the modification date of new content.
    /// - Returns: the result, and the conflict copy created when stale content was kept aside.
    mutating func modify(
        _ item: ItemSnapshot,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        content: Data?,
        options: ModifyItemOptions,
        now: Date
    ) throws(FileProviderError) -> (result: ItemMutationResult, conflictCopy: ItemSnapshot?) {
        let identifier = item.itemIdentifier
        if identifier.isReservedContainer {
            throw FileProviderError(
                .fileWriteNoPermission,
                itemIdentifier: identifier,
                message: "The root, the working set and the trash cannot be modified."
            )
        }
        guard let current = storedItem(identifier) else { throw .nonExistentItem(withIdentifier: identifier) }
        let type = current.contentType
        guard item.contentType.isDirectory == type.isDirectory, item.contentType.isSymbolicLink == type.isSymbolicLink
        else {
            throw FileProviderError(
                .invalidArgument,
                itemIdentifier: identifier,
                message: "An item cannot change between \(type) and \(item.contentType)."
            )
        }
        if options.contains(.failOnConflict), baseVersion != current.itemVersion {
            throw FileProviderError(
                .localVersionConflictingWithServer,
                itemIdentifier: identifier,
                item: current,
                message: "The change is based on \(baseVersion); the server has \(current.itemVersion)."
            )
        }

        var new = current
        if changedFields.contains(.filename) {
            try Filename.validate(item.filename)
            new.filename = item.filename
        }
        if changedFields.contains(.parentItemIdentifier) {
            try validateMove(current, to: item.parentItemIdentifier)
            new.parentItemIdentifier = item.parentItemIdentifier
        }
        if let existing = collidingItem(named: new.filename, in: new.parentItemIdentifier, excluding: identifier) {
            throw .collision(with: existing)
        }
        Self.copyMetadata(changedFields, from: item, to: &new)

        var newContent: Data?
        var conflictCopy: (item: ItemSnapshot, content: Data?)?
        if changedFields.contains(.contents), !type.isDirectory {
            let incoming = try incomingContent(of: item, type: type, content: content)
            let changed =
                type.isSymbolicLink
                ? incoming.target != current.symlinkTargetPath
                : incoming.bytes != self.content(of: identifier)
            if changed, baseVersion.contentVersion != current.itemVersion.contentVersion {
                try checkQuota(adding: Int64(incoming.bytes.count))
                conflictCopy = (try makeConflictCopy(of: new, incoming: incoming, now: now), incoming.bytes)
            } else if changed {
                if type.isSymbolicLink {
                    new.symlinkTargetPath = incoming.target
                } else {
                    try checkQuota(adding: Int64(incoming.bytes.count - self.content(of: identifier).count))
                    newContent = incoming.bytes
                    new.documentSize = Int64(incoming.bytes.count)
                }
                if !changedFields.contains(.contentModificationDate) { new.contentModificationDate = now }
            }
        }

        let contentChanged = newContent != nil || new.symlinkTargetPath != current.symlinkTargetPath
        if contentChanged || new != current {
            let rank = log.nextRank
            new.itemVersion = ItemVersion(
                contentRevision: contentChanged ? rank : Self.contentRevision(of: current),
                metadataRevision: rank
            )
            replace(current, with: new, content: newContent)
        }
        var insertedCopy: ItemSnapshot?
        if let (copy, copyContent) = conflictCopy {
            var versioned = copy
            versioned.itemVersion = ItemVersion(contentRevision: log.nextRank, metadataRevision: log.nextRank)
            insert(versioned, content: copyContent)
            insertedCopy = versioned
        }
        let result = ItemMutationResult(
            item: new,
            stillPendingFields: changedFields.subtracting(.all),
            shouldFetchContent: insertedCopy != nil
        )
        return (result, insertedCopy)
    }

    /// Checks that `item` may move to `parent`: a container, and not the item itself or one of
    /// its descendants.
    private func validateMove(_ item: ItemSnapshot, to parent: ItemIdentifier) throws(FileProviderError) {
        try validateContainer(parent)
        var cursor = parent
        while cursor != .rootContainer, cursor != .trashContainer, let ancestor = storedItem(cursor) {
            if cursor == item.itemIdentifier {
                throw FileProviderError(
                    .invalidArgument,
                    itemIdentifier: item.itemIdentifier,
                    message: "A folder cannot move into itself or one of its descendants."
                )
            }
            cursor = ancestor.parentItemIdentifier
        }
    }

    /// The new content of a file (its bytes) or symbolic link (its target).
    private func incomingContent(
        of item: ItemSnapshot,
        type: ContentType,
        content: Data?
    ) throws(FileProviderError) -> (bytes: Data, target: String?) {
        if type.isSymbolicLink {
            let target = item.symlinkTargetPath ?? content.map { String(decoding: $0, as: UTF8.self) }
            guard let target, !target.isEmpty else {
                throw FileProviderError(.invalidArgument, message: "A symbolic link needs a non-empty target path.")
            }
            return (Data(), target)
        }
        guard let content else {
            throw FileProviderError(.invalidArgument, message: "The contents field changed but no contents were given.")
        }
        return (content, nil)
    }

    /// A new sibling holding content that lost a conflict, named "<name> (conflicted copy).<ext>"
    /// (or "… copy 2", "… copy 3" … when taken). Its version is set when it is inserted.
    private func makeConflictCopy(
        of item: ItemSnapshot,
        incoming: (bytes: Data, target: String?),
        now: Date
    ) throws(FileProviderError) -> ItemSnapshot {
        ItemSnapshot(
            itemIdentifier: try nextIdentifier(),
            parentItemIdentifier: item.parentItemIdentifier,
            filename: conflictCopyName(for: item.filename, in: item.parentItemIdentifier, avoiding: item.filename),
            contentType: item.contentType,
            documentSize: item.contentType.isSymbolicLink ? nil : Int64(incoming.bytes.count),
            creationDate: now,
            contentModificationDate: now,
            symlinkTargetPath: incoming.target
        )
    }

    /// A free name for a conflict copy of `name` in `parent`, colliding neither with a child nor
    /// with `reserved` (the new name of the modified item, which is not in the folder yet).
    private func conflictCopyName(for name: String, in parent: ItemIdentifier, avoiding reserved: String) -> String {
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let pathExtension = dot.map { String(name[$0...]) } ?? ""
        var number = 1
        while true {
            let suffix = number == 1 ? " (conflicted copy)" : " (conflicted copy \(number))"
            var budget = Filename.maximumByteCount - suffix.utf8.count - pathExtension.utf8.count
            let shortened = stem.prefix { character in
                budget -= character.utf8.count
                return budget >= 0
            }
            let candidate = String(shortened) + suffix + pathExtension
            if collidingItem(named: candidate, in: parent, excluding: nil) == nil,
                !caseRule.collide(candidate, reserved)
            {
                return candidate
            }
            number += 1
        }
    }

    /// Copies the metadata fields listed in `fields` from `source` to `target`.
    private static func copyMetadata(_ fields: ItemFields, from source: ItemSnapshot, to target: inout ItemSnapshot) {
        if fields.contains(.lastUsedDate) { target.lastUsedDate = source.lastUsedDate }
        if fields.contains(.tagData) { target.tagData = source.tagData }
        if fields.contains(.favoriteRank) { target.favoriteRank = source.favoriteRank }
        if fields.contains(.creationDate) { target.creationDate = source.creationDate }
        if fields.contains(.contentModificationDate) { target.contentModificationDate = source.contentModificationDate }
        if fields.contains(.fileSystemFlags) { target.fileSystemFlags = source.fileSystemFlags }
        if fields.contains(.extendedAttributes) { target.extendedAttributes = source.extendedAttributes }
        if fields.contains(.typeAndCreator) { target.typeAndCreator = source.typeAndCreator }
    }
}
