import FileProviderKit
import Foundation
import FruitBasketProvider
import FruitBasketServer
import Synchronization
import Testing

/// Bearer tokens: fetched on first use, renewed once when the server refuses one, and
/// `notAuthenticated` when renewing does not help.
@Suite struct TokenRenewalTests {
    @Test func anExpiredTokenIsRenewedAndTheRequestRepeated() async throws {
        let now = Mutex(Date(timeIntervalSince1970: 1_000_000))
        let expiring: (inout FruitBasketServerConfiguration) -> Void = { settings in
            settings.tokenLifetime = 60
            settings.clock = { now.withLock { $0 } }
        }
        try await LoopbackServer.withProvider(configure: expiring) { provider, _ in
            let root = try await provider.item(for: .rootContainer, request: Request())
            now.withLock { $0 += 3_600 }
            let again = try await provider.item(for: .rootContainer, request: Request())
            #expect(again.itemIdentifier == root.itemIdentifier)
            let template = ItemSnapshot(
                itemIdentifier: "template",
                parentItemIdentifier: .rootContainer,
                filename: "after.txt",
                contentType: .plainText
            )
            now.withLock { $0 += 3_600 }
            let created = try await provider.createItem(
                basedOn: template,
                fields: [.filename],
                contents: nil,
                options: [],
                request: Request()
            )
            #expect(created?.item.filename == "after.txt")
        }
    }

    @Test func aTokenRefusedTwiceIsNotAuthenticated() async throws {
        let expired: (inout FruitBasketServerConfiguration) -> Void = { $0.tokenLifetime = -60 }
        try await LoopbackServer.withProvider(configure: expired) { provider, _ in
            let error = await #expect(throws: FileProviderError.self) {
                try await provider.item(for: .rootContainer, request: Request())
            }
            #expect(error?.code == .notAuthenticated)
        }
    }

    @Test func aWrongSecretIsNotAuthenticated() async throws {
        let wrongSecret: (inout FruitBasketConfiguration) -> Void = { $0.secret = "not the secret" }
        try await LoopbackServer.withProvider(configuration: wrongSecret) { provider, _ in
            let error = await #expect(throws: FileProviderError.self) {
                try await provider.enumerator(for: .rootContainer, request: Request()).currentSyncAnchor()
            }
            #expect(error?.code == .notAuthenticated)
        }
    }
}
