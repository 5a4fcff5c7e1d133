import FileProviderAppleBridge
import FileProviderKit
import Synchronization

/// The ``AppleExtensionProvider``s a round trip made, so a test can read their recorded violations.
final class RecordedProviders: Sendable {
    private let providers = Mutex<[AppleExtensionProvider]>([])

    /// Keeps `provider` and returns it.
    func record(_ provider: AppleExtensionProvider) -> AppleExtensionProvider {
        providers.withLock { $0.append(provider) }
        return provider
    }

    /// Every violation of every provider recorded so far.
    var violations: [ContractViolation] {
        providers.withLock { $0.flatMap(\.contractViolations) }
    }
}
