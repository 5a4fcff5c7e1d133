import FruitBasketProvider
import Synchronization

/// The clean-up a test registers as it goes (providers to invalidate, servers to stop, hosts to
/// stop), run last-registered first when the test body returns or throws: a failed expectation
/// ends the test, never the process (a provider's HTTP client must be shut down before it goes).
final class Teardown: Sendable {
    private let steps = Mutex<[@Sendable () async -> Void]>([])

    /// Runs `body`, then every registered step, whether `body` returned or threw.
    ///
    /// - Throws: what `body` threw.
    static func run(_ body: (Teardown) async throws -> Void) async throws {
        let teardown = Teardown()
        do {
            try await body(teardown)
        } catch {
            await teardown.runSteps()
            throw error
        }
        await teardown.runSteps()
    }

    /// Registers `step`.
    func add(_ step: @escaping @Sendable () async -> Void) {
        steps.withLock { $0.append(step) }
    }

    /// Registers `provider` to be invalidated and returns it.
    func invalidating(_ provider: FruitBasketProvider) -> FruitBasketProvider {
        add { await provider.invalidate() }
        return provider
    }

    private func runSteps() async {
        let registered = steps.withLock { steps in
            defer { steps.removeAll() }
            return steps
        }
        for step in registered.reversed() { await step() }
    }
}
