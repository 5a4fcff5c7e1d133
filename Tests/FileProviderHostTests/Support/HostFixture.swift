import FileProviderHost
import FileProviderKit
import Foundation

/// Makes hosts for tests: manual scheduling, a manual clock and a fatal monitor unless told
/// otherwise, so any violation by the fake provider fails the test.
enum HostFixture {
    static func host(
        _ provider: any FileProvider,
        scheduling: HostConfiguration.Scheduling = .manual,
        clock: ManualClock = ManualClock(),
        monitor: ContractMonitor = ContractMonitor(policy: .fatal),
        retryPolicy: RetryPolicy = RetryPolicy(),
        pageSize: Int = 200,
        batchSize: Int = 200,
        maximumRestarts: Int = 3,
        cacheCapacity: Int64 = 1 << 20
    ) throws -> ProviderHost {
        let configuration = HostConfiguration(
            scheduling: scheduling,
            suggestedPageSize: pageSize,
            suggestedBatchSize: batchSize,
            retryPolicy: retryPolicy,
            maximumRestarts: maximumRestarts,
            contentCacheCapacity: cacheCapacity
        )
        return try ProviderHost(provider: provider, configuration: configuration, monitor: monitor, clock: clock)
    }

    /// A fake provider holding `docs/` with `a.txt` and `b.txt`, `notes/` (empty) and `top.txt`.
    static func populatedProvider() -> (FakeProvider, docs: ItemIdentifier, notes: ItemIdentifier, top: ItemIdentifier)
    {
        let provider = FakeProvider()
        let docs = provider.remoteCreate("docs", type: .folder)
        provider.remoteCreate("a.txt", in: docs, contents: Data("alpha".utf8))
        provider.remoteCreate("b.txt", in: docs, contents: Data("beta".utf8))
        let notes = provider.remoteCreate("notes", type: .folder)
        let top = provider.remoteCreate("top.txt", contents: Data("top".utf8))
        return (provider, docs, notes, top)
    }

    /// A file with `text` in the temporary directory, owned by the test.
    static func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("HostTests-\(UUID().uuidString)")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// A template for a new item.
    static func template(
        _ filename: String,
        in parent: ItemIdentifier = .rootContainer,
        type: ContentType = .plainText
    )
        -> ItemSnapshot
    {
        ItemSnapshot(
            itemIdentifier: ItemIdentifier("template-\(filename)"),
            parentItemIdentifier: parent,
            filename: filename,
            contentType: type
        )
    }

    /// The creation of a file named `filename` at the root, sending only its name.
    static func creation(_ filename: String) -> HostOperation {
        .createItem(template(filename), fields: .filename, contents: nil, options: [])
    }

    /// The modification of `item` that renames it to `filename` and tags it, in one call.
    static func renameAndTag(_ item: ItemSnapshot, to filename: String) -> HostOperation {
        var changed = item
        changed.filename = filename
        changed.tagData = Data("red".utf8)
        return .modifyItem(
            changed,
            baseVersion: item.itemVersion,
            changedFields: [.filename, .tagData],
            contents: nil,
            options: []
        )
    }
}
