import FileProviderBackendSupport
import FileProviderKit
import Foundation

extension ObjectStore {
    /// Creates a file (one PUT) or a folder (its marker object).
    func create(
        _ template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions
    ) async throws -> ItemMutationResult? {
        let filename = template.filename
        let parent = template.parentItemIdentifier
        try Filename.validate(filename)
        if template.contentType.isSymbolicLink {
            throw FileProviderError(.featureUnsupported, message: "ObjectStoreProvider does not store symbolic links.")
        }
        if parent == .trashContainer {
            throw FileProviderError(.featureUnsupported, message: "ObjectStoreProvider has no trash.")
        }
        guard isContainer(parent) else { throw FileProviderError.nonExistentItem(withIdentifier: parent) }
        let isFolder = template.contentType.isDirectory
        if let existing = child(named: filename, in: parent) {
            if options.contains(.mayAlreadyExist), existing.contentType.isDirectory == isFolder,
                try await isSameContent(existing, as: fields.contains(.contents) ? contents : nil)
            {
                return ItemMutationResult(item: existing)
            }
            throw FileProviderError.collision(with: existing)
        }
        if options.contains(.mayAlreadyExist), !isFolder, contents == nil { return nil }
        let data = isFolder ? Data() : try Self.read(fields.contains(.contents) ? contents : nil)
        try Task.checkCancellation()
        let key = try prefix(of: parent) + filename
        let identifier = ItemIdentifier(UUID().uuidString.lowercased())
        try await settleOpenMoves()
        try await client.putObject(
            objectKey(key, isFolder: isFolder),
            body: data,
            metadata: ["fpk-id": identifier.rawValue]
        )
        let rank = nextRank()
        var item = ItemSnapshot(
            itemIdentifier: identifier,
            parentItemIdentifier: parent,
            filename: filename,
            contentType: isFolder ? .folder : template.contentType,
            itemVersion: ItemVersion(contentRevision: rank, metadataRevision: rank),
            documentSize: isFolder ? nil : Int64(data.count),
            contentModificationDate: Date()
        )
        item.apply(template, fields: fields)
        try identifiers.bind(key, to: identifier)
        try commit(put: [item])
        return ItemMutationResult(item: item)
    }

    /// Whether an existing item matches a `mayAlreadyExist` creation: a folder always; a file when
    /// no bytes come in, or the same bytes as the object's — other bytes are never dropped, the
    /// creation collides instead.
    private func isSameContent(_ existing: ItemSnapshot, as contents: URL?) async throws -> Bool {
        guard !existing.contentType.isDirectory, let contents else { return true }
        guard let key = identifiers.key(for: existing.itemIdentifier) else { return false }
        return try await client.getObject(key) == Self.read(contents)
    }

    /// The bytes of a contents file the caller handed in; none for `nil`.
    ///
    /// - Throws: `fileReadNoSuchFile` for a missing file, `fileReadUnknown` for one that is not a
    ///   readable regular file.
    static func read(_ url: URL?) throws -> Data {
        guard let url else { return Data() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw FileProviderError(.fileReadNoSuchFile, message: "The contents file \(url.path) does not exist.")
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: url.path) else {
            throw FileProviderError(.fileReadUnknown, message: "The contents file \(url.path) cannot be read.")
        }
        return data
    }
}

extension ItemSnapshot {
    /// Takes the metadata named in `fields` from `template`, exactly as given: the provider keeps
    /// every metadata field in its items journal, whatever the bucket can hold.
    mutating func apply(_ template: any FileProviderItem, fields: ItemFields) {
        if fields.contains(.contentModificationDate) { contentModificationDate = template.contentModificationDate }
        if fields.contains(.creationDate) { creationDate = template.creationDate }
        if fields.contains(.lastUsedDate) { lastUsedDate = template.lastUsedDate }
        if fields.contains(.tagData) { tagData = template.tagData }
        if fields.contains(.favoriteRank) { favoriteRank = template.favoriteRank }
        if fields.contains(.extendedAttributes) { extendedAttributes = template.extendedAttributes }
        if fields.contains(.fileSystemFlags) { fileSystemFlags = template.fileSystemFlags }
        if fields.contains(.typeAndCreator) { typeAndCreator = template.typeAndCreator }
    }
}
