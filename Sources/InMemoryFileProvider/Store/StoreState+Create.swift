import FileProviderKit
import Foundation

extension StoreState {
    /// Creates an item from a template (see ``InMemoryFileProvider/createItem(basedOn:fields:contents:options:request:)``).
    ///
    /// - Parameters:
    ///   - content: the new file's bytes, already read; `nil` for folders and symbolic links, and
    ///     for a file created without content (it is then empty).
    ///   - now: the date stamped on dates the template does not define.
    /// - Returns: the created item; an existing matching item under `.mayAlreadyExist`; `nil`
    ///   under `.mayAlreadyExist` for a file without content that matches nothing.
    mutating func create(
        _ template: ItemSnapshot,
        fields: ItemFields,
        content: Data?,
        options: CreateItemOptions,
        now: Date
    ) throws(FileProviderError) -> ItemMutationResult? {
        try Filename.validate(template.filename)
        let parent = template.parentItemIdentifier
        try validateContainer(parent)
        let type = template.contentType
        let symlinkTarget = type.isSymbolicLink ? template.symlinkTargetPath : nil
        if type.isDirectory || type.isSymbolicLink, content != nil {
            throw FileProviderError(.invalidArgument, message: "Only files have content; \(type) was given some.")
        }
        if type.isSymbolicLink, symlinkTarget?.isEmpty ?? true {
            throw FileProviderError(.invalidArgument, message: "A symbolic link needs a non-empty target path.")
        }
        if let existing = collidingItem(named: template.filename, in: parent, excluding: nil) {
            let matches =
                existing.contentType.isDirectory == type.isDirectory
                && existing.contentType.isSymbolicLink == type.isSymbolicLink
                && existing.symlinkTargetPath == symlinkTarget
                && (content == nil || content == self.content(of: existing.itemIdentifier))
            if options.contains(.mayAlreadyExist), matches { return ItemMutationResult(item: existing) }
            throw .collision(with: existing)
        }
        if options.contains(.mayAlreadyExist), content == nil, !type.isDirectory, !type.isSymbolicLink {
            return nil
        }
        try checkQuota(adding: Int64(content?.count ?? 0))
        let item = ItemSnapshot(
            itemIdentifier: try nextIdentifier(),
            parentItemIdentifier: parent,
            filename: template.filename,
            contentType: type,
            itemVersion: ItemVersion(contentRevision: log.nextRank, metadataRevision: log.nextRank),
            documentSize: type.isDirectory || type.isSymbolicLink ? nil : Int64(content?.count ?? 0),
            creationDate: fields.contains(.creationDate) ? template.creationDate ?? now : now,
            contentModificationDate: fields.contains(.contentModificationDate)
                ? template.contentModificationDate ?? now : now,
            lastUsedDate: fields.contains(.lastUsedDate) ? template.lastUsedDate : nil,
            tagData: fields.contains(.tagData) ? template.tagData : nil,
            favoriteRank: fields.contains(.favoriteRank) ? template.favoriteRank : nil,
            extendedAttributes: fields.contains(.extendedAttributes) ? template.extendedAttributes : [:],
            fileSystemFlags: fields.contains(.fileSystemFlags) ? template.fileSystemFlags : nil,
            symlinkTargetPath: symlinkTarget,
            typeAndCreator: fields.contains(.typeAndCreator) ? template.typeAndCreator : nil
        )
        insert(item, content: content)
        return ItemMutationResult(item: item)
    }
}
