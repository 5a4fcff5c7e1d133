import FileProviderKit
import Foundation
import FruitBasketProvider
import Testing

/// The `HTTPClient` a provider owns: shut down by `invalidate()`, after which calls fail with
/// cannotSynchronize, and released even when nobody shuts it down.
@Suite struct ClientLifecycleTests {
    @Test func callsAfterInvalidateFailWithCannotSynchronize() async throws {
        try await LoopbackServer.withProvider { provider, _ in
            _ = try await provider.item(for: .rootContainer, request: Request())
            await provider.invalidate()
            let error = await #expect(throws: FileProviderError.self) {
                try await provider.item(for: .rootContainer, request: Request())
            }
            #expect(error?.code == .cannotSynchronize)
        }
    }

    /// `HTTPClient` stops a debug process when it is released without being shut down; a client
    /// released without `shutdown()` shuts its own down, so the process lives on.
    @Test func aClientReleasedWithoutShutdownShutsItsHTTPClientDown() async throws {
        try await LoopbackServer.with { server in
            try await Self.useAndDrop(server.clientConfiguration)
            let survivor = FruitBasketClient(configuration: server.clientConfiguration)
            #expect(try await survivor.state().sequence >= 0)
            await survivor.shutdown()
        }
    }

    private static func useAndDrop(_ configuration: FruitBasketConfiguration) async throws {
        let client = FruitBasketClient(configuration: configuration)
        _ = try await client.state()
    }
}
