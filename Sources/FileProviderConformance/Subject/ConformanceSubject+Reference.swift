import FileProviderKit
import Foundation
import InMemoryFileProvider

extension ConformanceSubject {
    /// The in-memory reference provider, declaring ``ProviderCapabilities/reference`` (or, without
    /// trash, everything but ``ProviderCapabilities/trash``). Each fixture is a fresh, empty store
    /// with a manual clock and the default identifier generator, so a seeded run repeats exactly.
    ///
    /// - Parameters:
    ///   - caseRule: how the store compares filenames; `FilenameCaseRule.caseSensitive` declares
    ///     ``ProviderCapabilities/caseSensitiveFilenames``.
    ///   - supportsTrash: whether the domain has a trash.
    public static func referenceProvider(
        caseRule: FilenameCaseRule = .caseInsensitive,
        supportsTrash: Bool = true
    ) -> ConformanceSubject {
        var capabilities = ProviderCapabilities.reference
        if caseRule == .caseSensitive { capabilities.insert(.caseSensitiveFilenames) }
        if !supportsTrash { capabilities.remove(.trash) }
        return ConformanceSubject(name: "InMemoryFileProvider", capabilities: capabilities) {
            let temporaryDirectory = ScratchFolder.unique("fileprovider-reference")
            let store = try InMemoryStore.conformanceFixture(
                caseRule: caseRule,
                supportsTrash: supportsTrash,
                temporaryDirectory: temporaryDirectory
            )
            let providers = LockedValue([store.makeProvider()])
            return ProviderFixture(
                provider: providers.withLock { $0[0] },
                remote: ReferenceRemoteHooks(remote: store.remote),
                openAnotherInstance: {
                    let provider = store.makeProvider()
                    providers.withLock { $0.append(provider) }
                    return provider
                },
                resetStore: { store.resetEpoch() },
                expireHistory: { store.expireHistory() },
                setReachable: { reachable in store.isOffline = !reachable },
                tearDown: {
                    for provider in providers.withLock({ $0 }) {
                        await provider.invalidate()
                    }
                    try? FileManager.default.removeItem(at: temporaryDirectory)
                }
            )
        }
    }
}

extension InMemoryStore {
    /// A fresh, empty store for one conformance check, whose fetched content goes to
    /// `temporaryDirectory`.
    static func conformanceFixture(
        caseRule: FilenameCaseRule,
        supportsTrash: Bool,
        temporaryDirectory: URL
    ) throws
        -> InMemoryStore
    {
        let domain = Domain(
            identifier: try DomainIdentifier("conformance"),
            displayName: "Conformance",
            supportsSyncingTrash: supportsTrash
        )
        return InMemoryStore(
            domain: domain,
            configuration: InMemoryStoreConfiguration(
                caseRule: caseRule,
                clock: ManualStoreClock(),
                temporaryDirectory: temporaryDirectory
            )
        )
    }
}

/// The reference store's `RemoteClient` as the harness's ``RemoteChangeHooks``.
struct ReferenceRemoteHooks: RemoteChangeHooks {
    let remote: RemoteClient

    func createItem(named filename: String, in parent: ItemIdentifier, contents: Data?) async throws -> ItemIdentifier {
        if let contents {
            return try remote.createFile(named: filename, in: parent, contents: contents).itemIdentifier
        }
        return try remote.createFolder(named: filename, in: parent).itemIdentifier
    }

    func replaceContents(of identifier: ItemIdentifier, with contents: Data) async throws {
        try remote.modifyContents(of: identifier, to: contents)
    }

    func rename(_ identifier: ItemIdentifier, to filename: String) async throws {
        try remote.rename(identifier, to: filename)
    }

    func move(_ identifier: ItemIdentifier, to parent: ItemIdentifier) async throws {
        try remote.move(identifier, to: parent)
    }

    func trash(_ identifier: ItemIdentifier) async throws {
        try remote.trash(identifier)
    }

    func restore(_ identifier: ItemIdentifier, to parent: ItemIdentifier) async throws {
        try remote.restore(identifier, to: parent)
    }

    func delete(_ identifier: ItemIdentifier) async throws {
        try remote.delete(identifier)
    }
}
