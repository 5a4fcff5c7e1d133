import Foundation

extension FetchedContents {
    /// Hands `data` out as content: writes it to a new file in `directory` and returns that file
    /// with `item`.
    ///
    /// The file is new for every call (its name is unique, and an existing file is never
    /// overwritten), readable and writable by its owner only, and belongs to the caller, who moves
    /// or deletes it; nothing but the caller touches it again. For content too large to hold in
    /// memory, write the file yourself, as it streams in.
    ///
    /// - Parameters:
    ///   - data: the content.
    ///   - item: the item whose content `data` is, with the version of that content.
    ///   - directory: an existing folder on the volume the caller reads from; the process's
    ///     temporary folder by default.
    /// - Throws: ``FileProviderError/Code/cannotSynchronize`` naming the item, with the system
    ///   call's error as its underlying error, when the file cannot be written; nothing is left
    ///   behind then.
    public init(
        data: Data,
        item: any FileProviderItem,
        in directory: URL = FileManager.default.temporaryDirectory
    ) throws(FileProviderError) {
        let url = directory.appendingPathComponent("FileProviderKit-\(UUID().uuidString)", isDirectory: false)
        do {
            try ContentFile.write(data, toNewFileAt: url)
        } catch {
            throw FileProviderError(
                .cannotSynchronize,
                itemIdentifier: item.itemIdentifier,
                message: "The content could not be written to \(url.path).",
                underlyingError: error
            )
        }
        self.init(url: url, item: item)
    }
}
