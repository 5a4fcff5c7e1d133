import FileProviderConformance
import FileProviderKit
import Foundation
import InMemoryFileProvider

extension ConformanceSubject {
    /// The reference provider with `bug`, declaring what the reference provider declares but
    /// partial content, which the broken layer does not forward.
    static func broken(by bug: BehaviourBug) -> ConformanceSubject {
        let capabilities = referenceProvider().capabilities.subtracting(.partialContent)
        guard bug != .fixedStoreEpoch else { return fixedEpochStores(capabilities: capabilities) }
        return referenceProvider(
            named: "broken: \(bug)",
            capabilities: capabilities,
            wrapping: { BehaviourBrokenProvider(inner: $0, bug: bug) }
        )
    }

    /// Reference stores that all start at epoch 1, as the reference store once did: every fresh
    /// store accepts the tokens of every other.
    private static func fixedEpochStores(capabilities: ProviderCapabilities) -> ConformanceSubject {
        ConformanceSubject(name: "broken: \(BehaviourBug.fixedStoreEpoch)", capabilities: capabilities) {
            let folder = ScratchFile.unique()
            let store = InMemoryStore(
                domain: Domain(identifier: try DomainIdentifier("conformance"), displayName: "Conformance"),
                configuration: InMemoryStoreConfiguration(
                    initialEpoch: 1,
                    clock: ManualStoreClock(),
                    temporaryDirectory: folder
                )
            )
            return ProviderFixture(
                provider: store.makeProvider(),
                remote: InMemoryRemoteHooks(store.remote),
                openAnotherInstance: { store.makeProvider() },
                resetStore: { store.resetEpoch() },
                expireHistory: { store.expireHistory() },
                setReachable: { reachable in store.isOffline = !reachable },
                tearDown: { try? FileManager.default.removeItem(at: folder) }
            )
        }
    }
}
