import FileProviderKit
import Foundation

/// A read-only file provider that serves a small, fixed tree:
///
/// ```
/// Hello                 the root
/// ├── Documents
/// │   ├── notes.md
/// │   └── readme.txt
/// ├── Photos            an empty folder
/// └── hello.txt
/// ```
///
/// It is the smallest provider that meets the whole contract: every item has a stable identifier
/// and a version, contents are handed out as files the caller owns, listings come in pages, the
/// (never changing) tree has a sync anchor, and every write fails with
/// ``FileProviderKit/FileProviderError/Code/fileWriteNoPermission``.
public struct HelloProvider: FileProvider {
    /// Creates the provider. It holds no state: the tree is a constant.
    public init() {}

    /// The item with `identifier`.
    ///
    /// - Throws: ``FileProviderKit/FileProviderError/Code/noSuchItem`` for an identifier that is
    ///   not in the tree.
    public func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        try HelloTree.entry(identifier).item
    }

    /// Writes a file's text to a fresh temporary file, which belongs to the caller.
    ///
    /// - Throws: ``FileProviderKit/FileProviderError/Code/noSuchItem`` for an unknown identifier,
    ///   ``FileProviderKit/FileProviderError/Code/invalidArgument`` for a folder,
    ///   ``FileProviderKit/FileProviderError/Code/versionNoLongerAvailable`` for a version the tree
    ///   never had, or `CancellationError`.
    public func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws -> FetchedContents {
        try Task.checkCancellation()
        let entry = try HelloTree.entry(identifier)
        guard let text = entry.text else {
            throw FileProviderError(.invalidArgument, itemIdentifier: identifier, message: "A folder has no content.")
        }
        // Nothing ever changes, so the only version there is, is the current one.
        if let version, version != entry.item.itemVersion {
            throw FileProviderError(.versionNoLongerAvailable, itemIdentifier: identifier)
        }
        // A new file for every fetch: the caller moves or deletes it, and we never touch it again.
        return try FetchedContents(data: Data(text.utf8), item: entry.item)
    }

    /// Refuses: the tree is read-only.
    ///
    /// - Throws: ``FileProviderKit/FileProviderError/Code/fileWriteNoPermission``, always.
    public func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        throw Self.readOnly
    }

    /// Refuses: the tree is read-only.
    ///
    /// - Throws: ``FileProviderKit/FileProviderError/Code/fileWriteNoPermission``, always.
    public func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        throw Self.readOnly
    }

    /// Refuses: the tree is read-only.
    ///
    /// - Throws: ``FileProviderKit/FileProviderError/Code/fileWriteNoPermission``, always.
    public func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    ) async throws {
        throw Self.readOnly
    }

    /// An enumerator for a folder of the tree or for the working set.
    ///
    /// - Throws: ``FileProviderKit/FileProviderError/Code/featureUnsupported`` for the trash (this
    ///   domain has none), ``FileProviderKit/FileProviderError/Code/noSuchItem`` for a file or an
    ///   unknown identifier.
    public func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator
    {
        switch containerItemIdentifier {
        case .workingSet:
            break
        case .trashContainer:
            throw FileProviderError(.featureUnsupported, message: "HelloProvider has no trash.")
        default:
            guard try HelloTree.entry(containerItemIdentifier).item.contentType.isFolder else {
                throw FileProviderError.nonExistentItem(withIdentifier: containerItemIdentifier)
            }
        }
        return HelloEnumerator(container: containerItemIdentifier)
    }

    private static let readOnly = FileProviderError(.fileWriteNoPermission, message: "HelloProvider is read-only.")
}

/// The tree HelloProvider serves: one entry per item, with a file's text.
enum HelloTree {
    struct Entry: Sendable {
        let item: ItemSnapshot
        /// A file's content; `nil` for a folder.
        let text: String?
    }

    /// Every item but the root, in no particular order.
    static let items: [Entry] = [
        folder("documents", "Documents", in: .rootContainer, day: 1),
        file("readme", "readme.txt", in: "documents", day: 2, text: "Read me first.\n"),
        file("notes", "notes.md", in: "documents", day: 3, text: "# Notes\n\n- the tree never changes\n"),
        folder("photos", "Photos", in: .rootContainer, day: 4),
        file("hello", "hello.txt", in: .rootContainer, day: 5, text: "Hello, world!\n"),
    ]

    /// The root folder. Its parent is itself, as in Apple's framework.
    static let root = folder(.rootContainer, "Hello", in: .rootContainer, day: 0)

    /// The entry with `identifier`.
    ///
    /// - Throws: ``FileProviderKit/FileProviderError/Code/noSuchItem`` when there is none.
    static func entry(_ identifier: ItemIdentifier) throws(FileProviderError) -> Entry {
        if identifier == .rootContainer { return root }
        guard let entry = items.first(where: { $0.item.itemIdentifier == identifier }) else {
            throw FileProviderError.nonExistentItem(withIdentifier: identifier)
        }
        return entry
    }

    // Every item keeps version 1 forever: its content and metadata never change.
    private static let version = ItemVersion(contentRevision: 1, metadataRevision: 1)

    private static func date(day: Int) -> Date {
        Date(timeIntervalSince1970: 1_700_000_000 + Double(day) * 86_400)
    }

    private static func folder(
        _ identifier: ItemIdentifier,
        _ name: String,
        in parent: ItemIdentifier,
        day: Int
    )
        -> Entry
    {
        let item = ItemSnapshot(
            itemIdentifier: identifier,
            parentItemIdentifier: parent,
            filename: name,
            contentType: .folder,
            capabilities: [.allowsReading],
            itemVersion: version,
            contentModificationDate: date(day: day)
        )
        return Entry(item: item, text: nil)
    }

    private static func file(
        _ identifier: ItemIdentifier,
        _ name: String,
        in parent: ItemIdentifier,
        day: Int,
        text: String
    ) -> Entry {
        let item = ItemSnapshot(
            itemIdentifier: identifier,
            parentItemIdentifier: parent,
            filename: name,
            contentType: .forFilename(name),
            capabilities: [.allowsReading],
            itemVersion: version,
            documentSize: Int64(text.utf8.count),
            contentModificationDate: date(day: day),
            fileSystemFlags: [.userReadable]
        )
        return Entry(item: item, text: text)
    }
}
