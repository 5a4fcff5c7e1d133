import FileProviderAppleBridge
import FileProviderKit
import Foundation
import InMemoryFileProvider
import Testing

#if canImport(FileProvider)
import FileProvider
#endif

#if os(macOS) || !canImport(FileProvider)
/// A partial fetch crosses the bridge in both contracts' layout: the range at its own offset.
@Suite("Partial content across the bridge")
struct PartialLayoutBridgingTests {
    @Test("Apple's system receives the range at its own offset, and so does the contract side after the round trip")
    func rangeAtItsOffset() async throws {
        let store = InMemoryStore(domain: Domain(identifier: try DomainIdentifier("d"), displayName: "D"))
        let content = Data((0..<64).map { UInt8($0) })
        let file = try store.remote.createFile(named: "bytes.bin", contents: content)
        let bridge = PartialContentExtensionBridge(provider: store.makeProvider())
        let provider = AppleExtensionProvider(bridge)

        let fetched = try await provider.fetchPartialContents(
            for: file.itemIdentifier,
            version: file.itemVersion,
            request: Request(),
            minimalRange: 20..<24,
            aligningTo: 16,
            options: []
        )
        defer { try? FileManager.default.removeItem(at: fetched.url) }

        #expect(fetched.range.lowerBound % 16 == 0 && fetched.range.contains(20) && fetched.range.contains(23))
        let bytes = try Data(contentsOf: fetched.url)
        #expect(Int64(bytes.count) >= fetched.range.upperBound)
        let lower = Int(fetched.range.lowerBound)
        let upper = Int(fetched.range.upperBound)
        #expect(bytes[lower..<upper] == content[lower..<upper])
        #expect(provider.contractViolations.isEmpty)
    }

    @Test("a provider without partial content serves the whole file as the range 0..<size")
    func wholeFileFallback() async throws {
        let store = InMemoryStore(domain: Domain(identifier: try DomainIdentifier("d"), displayName: "D"))
        let content = Data("whole file".utf8)
        let file = try store.remote.createFile(named: "a.txt", contents: content)
        let bridge = PartialContentExtensionBridge(provider: WholeFilesOnly(base: store.makeProvider()))
        let fetched = try await AppleExtensionProvider(bridge).fetchPartialContents(
            for: file.itemIdentifier,
            version: file.itemVersion,
            request: Request(),
            minimalRange: 2..<4,
            aligningTo: 4096,
            options: []
        )
        defer { try? FileManager.default.removeItem(at: fetched.url) }
        #expect(fetched.range == 0..<Int64(content.count))
        #expect(try Data(contentsOf: fetched.url) == content)
    }
}

/// The reference provider without its partial content.
struct WholeFilesOnly: FileProvider {
    let base: InMemoryFileProvider

    func item(for identifier: ItemIdentifier, request: Request) async throws -> any FileProviderItem {
        try await base.item(for: identifier, request: request)
    }

    func fetchContents(
        for identifier: ItemIdentifier,
        version: ItemVersion?,
        request: Request
    ) async throws
        -> FetchedContents
    { try await base.fetchContents(for: identifier, version: version, request: request) }

    func createItem(
        basedOn template: any FileProviderItem,
        fields: ItemFields,
        contents: URL?,
        options: CreateItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try await base.createItem(
            basedOn: template,
            fields: fields,
            contents: contents,
            options: options,
            request: request
        )
    }

    func modifyItem(
        _ item: any FileProviderItem,
        baseVersion: ItemVersion,
        changedFields: ItemFields,
        contents: URL?,
        options: ModifyItemOptions,
        request: Request
    ) async throws -> ItemMutationResult? {
        try await base.modifyItem(
            item,
            baseVersion: baseVersion,
            changedFields: changedFields,
            contents: contents,
            options: options,
            request: request
        )
    }

    func deleteItem(
        identifier: ItemIdentifier,
        baseVersion: ItemVersion,
        options: DeleteItemOptions,
        request: Request
    )
        async throws
    { try await base.deleteItem(identifier: identifier, baseVersion: baseVersion, options: options, request: request) }

    func enumerator(for containerItemIdentifier: ItemIdentifier, request: Request) async throws -> any Enumerator {
        try await base.enumerator(for: containerItemIdentifier, request: request)
    }
}
#endif
