import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

/// A store with a manual clock and the default identifiers, a provider over it, and a folder for
/// the content files a test hands in.
struct Fixture {
    let store: InMemoryStore
    let provider: InMemoryFileProvider
    let clock: ManualStoreClock
    let files: TemporaryFolder

    init(
        supportsTrash: Bool = true,
        caseRule: FilenameCaseRule = .caseInsensitive,
        changeHistoryLimit: Int = 100_000,
        maximumContentSize: Int64 = 1 << 30,
        initialEpoch: UInt64 = InMemoryStoreConfiguration.freshEpoch()
    ) throws {
        let clock = ManualStoreClock()
        let domain = Domain(
            identifier: try DomainIdentifier("test"),
            displayName: "Test",
            supportsSyncingTrash: supportsTrash
        )
        let files = try TemporaryFolder()
        store = InMemoryStore(
            domain: domain,
            configuration: InMemoryStoreConfiguration(
                caseRule: caseRule,
                changeHistoryLimit: changeHistoryLimit,
                initialEpoch: initialEpoch,
                clock: clock,
                temporaryDirectory: files.url.appendingPathComponent("fetched"),
                maximumContentSize: maximumContentSize
            )
        )
        provider = store.makeProvider()
        self.clock = clock
        self.files = files
    }

    /// Creates a file through the provider.
    @discardableResult
    func createFile(
        _ name: String,
        in parent: ItemIdentifier = .rootContainer,
        contents: String = "",
        options: CreateItemOptions = []
    ) async throws -> ItemSnapshot {
        try await create(name, type: .plainText, in: parent, contents: try files.write(contents), options: options)
    }

    /// Creates a folder through the provider.
    @discardableResult
    func createFolder(_ name: String, in parent: ItemIdentifier = .rootContainer) async throws -> ItemSnapshot {
        try await create(name, type: .folder, in: parent, contents: nil, options: [])
    }

    private func create(
        _ name: String,
        type: ContentType,
        in parent: ItemIdentifier,
        contents: URL?,
        options: CreateItemOptions
    ) async throws -> ItemSnapshot {
        let template = ItemSnapshot(
            itemIdentifier: "system-template",
            parentItemIdentifier: parent,
            filename: name,
            contentType: type
        )
        let result = try await provider.createItem(
            basedOn: template,
            fields: [],
            contents: contents,
            options: options,
            request: Request()
        )
        return try #require(result.map { ItemSnapshot($0.item) })
    }

    /// Modifies an item through the provider, based on its current version.
    @discardableResult
    func modify(
        _ item: ItemSnapshot,
        fields: ItemFields,
        contents: String? = nil,
        baseVersion: ItemVersion? = nil,
        options: ModifyItemOptions = [],
        change: (inout ItemSnapshot) -> Void = { _ in }
    ) async throws -> ItemMutationResult {
        var changed = item
        change(&changed)
        let result = try await provider.modifyItem(
            changed,
            baseVersion: baseVersion ?? item.itemVersion,
            changedFields: fields,
            contents: try contents.map { try files.write($0) },
            options: options,
            request: Request()
        )
        return try #require(result, "the reference provider returned no item from modifyItem")
    }

    /// The current state of an item.
    func item(_ identifier: ItemIdentifier) async throws -> ItemSnapshot {
        ItemSnapshot(try await provider.item(for: identifier, request: Request()))
    }

    /// A full listing of a container.
    func listing(
        _ container: ItemIdentifier = .rootContainer,
        from page: Page = .initialPageSortedByName,
        pageSize: Int = 200
    ) async throws -> [ItemSnapshot] {
        let enumerator = try await provider.enumerator(for: container, request: Request())
        return try await enumerator.allItems(startingAt: page, suggestedPageSize: pageSize).map { ItemSnapshot($0) }
    }

    /// The names of a container's children, in listing order.
    func names(
        _ container: ItemIdentifier = .rootContainer,
        from page: Page = .initialPageSortedByName
    ) async throws
        -> [String]
    {
        try await listing(container, from: page).map(\.filename)
    }

    /// The working set's anchor now.
    func currentAnchor() async throws -> SyncAnchor {
        let anchor = try await provider.enumerator(for: .workingSet, request: Request()).currentSyncAnchor()
        return try #require(anchor, "the reference provider's working set returned no anchor")
    }

    /// Every change since `anchor`, each batch from a fresh provider's enumerator.
    func changes(since anchor: SyncAnchor, batchSize: Int = 200) async throws -> ChangeSet {
        try await store.makeProvider().enumerator(for: .workingSet, request: Request())
            .changes(since: anchor, suggestedBatchSize: batchSize)
    }

    /// The contents of a file, fetched through the provider.
    func contents(of identifier: ItemIdentifier) async throws -> String {
        let fetched = try await provider.fetchContents(for: identifier, version: nil, request: Request())
        defer { try? FileManager.default.removeItem(at: fetched.url) }
        return try String(contentsOf: fetched.url, encoding: .utf8)
    }

    /// Runs `body`, expects it to throw a ``FileProviderError`` with `code`, and expects the store
    /// to be exactly as before (items, contents, change log, epoch).
    func expectError(
        _ code: FileProviderError.Code,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async {
        let before = store.snapshot()
        do {
            try await body()
            Issue.record("Expected \(code), but the call succeeded.", sourceLocation: sourceLocation)
        } catch let error as FileProviderError {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("Expected \(code), got \(error).", sourceLocation: sourceLocation)
        }
        #expect(store.snapshot() == before, "the store changed", sourceLocation: sourceLocation)
    }
}

/// A folder removed when the value is deinitialized.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("InMemoryFileProviderTests-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `contents` to a new file and returns its URL.
    func write(_ contents: String) throws -> URL {
        let file = url.appendingPathComponent(UUID().uuidString)
        try Data(contents.utf8).write(to: file)
        return file
    }
}

/// A one-page observer that records what it is told.
final class PageRecorder: EnumerationObserver, @unchecked Sendable {
    let suggestedPageSize: Int
    private(set) var items: [ItemSnapshot] = []
    private(set) var nextPage: Page??
    private(set) var error: (any Error)?

    init(pageSize: Int) {
        suggestedPageSize = pageSize
    }

    func didEnumerate(_ items: [any FileProviderItem]) {
        self.items += items.map { ItemSnapshot($0) }
    }

    func finishEnumerating(upTo nextPage: Page?) {
        self.nextPage = .some(nextPage)
    }

    func finishEnumeratingWithError(_ error: any Error) {
        self.error = error
    }
}

/// The code of a thrown ``FileProviderError``, or `nil`.
func code(of error: (any Error)?) -> FileProviderError.Code? {
    (error as? FileProviderError)?.code
}
