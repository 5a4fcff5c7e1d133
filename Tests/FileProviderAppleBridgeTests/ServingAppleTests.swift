import FileProviderAppleBridge
import FileProviderConformance
import FileProviderKit
import Foundation
import InMemoryFileProvider
import Synchronization
import Testing

#if canImport(FileProvider)
import FileProvider
#endif

/// What Apple's system sees of a contract provider served by ``ReplicatedExtensionBridge``.
@Suite("Serving Apple's interface")
struct ServingAppleTests {
    @Test("cancelling the returned progress cancels the provider's call; the handler is called once, cancelled")
    func progressCancellation() async throws {
        let bridge = ReplicatedExtensionBridge(provider: WaitsForCancellation())
        let replies = AsyncStream.makeStream(of: NSError?.self)
        let progress = bridge.item(for: NSFileProviderItemIdentifier("any"), request: NSFileProviderRequest()) {
            _,
            error in
            replies.continuation.yield(error as NSError?)
        }
        progress.cancel()
        var received: [NSError?] = []
        for await reply in replies.stream {
            received.append(reply)
            break
        }
        #expect(received.count == 1)
        #expect(received.first??.domain == NSCocoaErrorDomain)
        #expect(received.first??.code == 3072)
    }

    @Test("a subclass that does not override makeProvider fails every call with providerNotFound")
    func missingFactory() async throws {
        let bridge = ReplicatedExtensionBridge(
            domain: NSFileProviderDomain(identifier: NSFileProviderDomainIdentifier("d"), displayName: "D")
        )
        let replies = AsyncStream.makeStream(of: NSError?.self)
        _ = bridge.item(for: .rootContainer, request: NSFileProviderRequest()) { _, error in
            replies.continuation.yield(error as NSError?)
        }
        var iterator = replies.stream.makeAsyncIterator()
        let error = try #require(await iterator.next() ?? nil)
        #expect(error.domain == NSFileProviderErrorDomain && error.code == -2001)
    }

    @Test("a subclass's provider serves the domain it was made for")
    func subclassFactory() async throws {
        let bridge = HelloExtension(
            domain: NSFileProviderDomain(identifier: NSFileProviderDomainIdentifier("hello"), displayName: "Hello")
        )
        let replies = AsyncStream.makeStream(of: String?.self)
        _ = bridge.item(for: .rootContainer, request: NSFileProviderRequest()) { item, _ in
            replies.continuation.yield(item?.filename)
        }
        var iterator = replies.stream.makeAsyncIterator()
        #expect(await iterator.next() == "Hello")
    }

    @Test("an unknown container's enumerator fails synchronously with noSuchItem")
    func unknownContainer() throws {
        let store = InMemoryStore(domain: Domain(identifier: try DomainIdentifier("d"), displayName: "D"))
        let bridge = ReplicatedExtensionBridge(provider: store.makeProvider())
        #expect {
            _ = try bridge.enumerator(for: NSFileProviderItemIdentifier("missing"), request: NSFileProviderRequest())
        } throws: { error in
            (error as NSError).domain == NSFileProviderErrorDomain && (error as NSError).code == -1005
        }
    }

    @Test("a provider without thumbnails answers 'no thumbnail' for each item, then completes")
    func noThumbnails() async throws {
        let store = InMemoryStore(domain: Domain(identifier: try DomainIdentifier("d"), displayName: "D"))
        let bridge = ReplicatedExtensionBridge(provider: store.makeProvider())
        let delivered = Mutex<[String]>([])
        let done = AsyncStream.makeStream(of: Void.self)
        _ = bridge.fetchThumbnails(
            for: [NSFileProviderItemIdentifier("a"), NSFileProviderItemIdentifier("b")],
            requestedSize: CGSize(width: 64, height: 64),
            perThumbnailCompletionHandler: { identifier, data, error in
                #expect(data == nil && error == nil)
                delivered.withLock { $0.append(identifier.rawValue) }
            },
            completionHandler: { error in
                #expect(error == nil)
                done.continuation.yield()
            }
        )
        for await _ in done.stream { break }
        #expect(delivered.withLock { $0 }.sorted() == ["a", "b"])
    }
}

/// The smallest subclass: its provider is a reference provider for the domain, whose root is
/// named after the domain's display name.
final class HelloExtension: ReplicatedExtensionBridge, @unchecked Sendable {
    override class func makeProvider(for domain: Domain) throws -> any FileProvider {
        InMemoryStore(domain: domain).makeProvider()
    }
}

/// A provider whose every call waits until its task is cancelled.
struct WaitsForCancellation: FileProvider {
    private func wait() async throws -> Never {
        try await Task.sleep(for: .seconds(86_400))
        throw FileProviderError(.unclassified, message: "A day passed.")
    }

    func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        try await wait()
    }

    func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws
        -> FetchedContents
    { try await wait() }

    func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? { try await wait() }

    func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? { try await wait() }

    func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    )
        async throws
    { try await wait() }

    func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator {
        try await wait()
    }
}
