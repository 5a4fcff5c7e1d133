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
        referenceProvider(
            named: "InMemoryFileProvider",
            capabilities: referenceCapabilities(caseRule: caseRule, supportsTrash: supportsTrash),
            caseRule: caseRule,
            supportsTrash: supportsTrash,
            wrapping: { $0 }
        )
    }

    /// The reference provider behind a layer of yours — a cache, a proxy, a logging or
    /// identifier-mapping layer — so the suite checks the layer: each fixture is a fresh, empty
    /// reference store as in ``referenceProvider(caseRule:supportsTrash:)``, whose providers
    /// (the first one and every ``ProviderFixture/openAnotherInstance`` one) are handed to `wrap`,
    /// and the suite examines what `wrap` returns. The store's remote client, store resets,
    /// history expiry, reachability and step failures stay the fixture's hooks, so every check runs.
    ///
    /// What the wrapper must do to pass:
    /// - **Forward every capability protocol it declares.** Declaring ``ProviderCapabilities/partialContent``
    ///   requires the wrapper itself to adopt `PartialContentFetching`; a wrapper that only
    ///   adopts `FileProvider` hides it, and the partial-content checks (CNT-05, CNT-06, CNT-11)
    ///   fail. Declare fewer `capabilities` for what it does not forward; a wrapper that adopts the
    ///   protocol without declaring the capability fails CNT-07.
    /// - **Keep identifiers stable, or rewrite them everywhere.** A wrapper that maps identifiers
    ///   must map them in both directions in every call, in every item it returns, and inside
    ///   errors: `FileProviderError`'s `filenameCollision` and `deletionRejected` carry an item, whose
    ///   identifier and parent must be the wrapper's. `remote` must then map the identifiers the
    ///   store's ``InMemoryRemoteHooks`` take and return.
    /// - **Pass tokens through or wrap them whole.** Pages and anchors handed back must resume
    ///   the listing; a wrapper that rewrites them must still fail garbage and expired ones with
    ///   `syncAnchorExpired` / `pageExpired`.
    /// - **Invalidate what it wraps.** The fixture invalidates the wrapper's providers when a
    ///   check ends; forward `invalidate()`.
    ///
    /// - Parameters:
    ///   - name: the name shown in reports.
    ///   - capabilities: what the wrapper declares; by default everything the reference
    ///     provider supports with `caseRule` and `supportsTrash`.
    ///   - caseRule: how the store compares filenames.
    ///   - supportsTrash: whether the domain has a trash.
    ///   - wrap: makes the provider under test from a fresh reference provider; an error it
    ///     throws fails the check as the factory's.
    ///   - remote: wraps the store's remote hooks, for a wrapper that rewrites identifiers; by
    ///     default the store's hooks as they are.
    public static func referenceProvider(
        named name: String,
        capabilities: ProviderCapabilities? = nil,
        caseRule: FilenameCaseRule = .caseInsensitive,
        supportsTrash: Bool = true,
        wrapping wrap: @escaping @Sendable (InMemoryFileProvider) async throws -> any FileProvider,
        remote: @escaping @Sendable (InMemoryRemoteHooks) -> any RemoteChangeHooks = { $0 }
    ) -> ConformanceSubject {
        let declared = capabilities ?? referenceCapabilities(caseRule: caseRule, supportsTrash: supportsTrash)
        let epochs = LockedValue(SeededRandomNumberGenerator(seed: 0x0E90_C4A5_5EED_0001))
        return ConformanceSubject(name: name, capabilities: declared) {
            let temporaryDirectory = ScratchFolder.unique("fileprovider-reference")
            let store = try InMemoryStore.conformanceFixture(
                caseRule: caseRule,
                supportsTrash: supportsTrash,
                epoch: epochs.withLock { InMemoryStoreConfiguration.freshEpoch(using: &$0) },
                temporaryDirectory: temporaryDirectory
            )
            let providers = LockedValue<[any FileProvider]>([])
            let openInstance: @Sendable () async throws -> any FileProvider = {
                let provider = try await wrap(store.makeProvider())
                providers.withLock { $0.append(provider) }
                return provider
            }
            return ProviderFixture(
                provider: try await openInstance(),
                remote: remote(InMemoryRemoteHooks(store.remote)),
                openAnotherInstance: openInstance,
                resetStore: { store.resetEpoch() },
                expireHistory: { store.expireHistory() },
                setReachable: { reachable in store.isOffline = !reachable },
                failRequest: { number in store.failStep(number) },
                setQuota: { remaining in store.quota = remaining.map { store.storedByteCount + $0 } },
                setAuthenticated: { authenticated in store.isAuthenticated = authenticated },
                tearDown: {
                    for provider in providers.withLock({ $0 }) {
                        await provider.invalidate()
                    }
                    try? FileManager.default.removeItem(at: temporaryDirectory)
                }
            )
        }
    }

    private static func referenceCapabilities(caseRule: FilenameCaseRule, supportsTrash: Bool) -> ProviderCapabilities {
        var capabilities = ProviderCapabilities.reference
        if caseRule == .caseSensitive { capabilities.insert(.caseSensitiveFilenames) }
        if !supportsTrash { capabilities.remove(.trash) }
        return capabilities
    }
}

extension InMemoryStore {
    /// A fresh, empty store for one conformance check at `epoch`, whose fetched content goes to
    /// `temporaryDirectory`.
    static func conformanceFixture(
        caseRule: FilenameCaseRule,
        supportsTrash: Bool,
        epoch: UInt64,
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
                initialEpoch: epoch,
                clock: ManualStoreClock(),
                temporaryDirectory: temporaryDirectory
            )
        )
    }
}
