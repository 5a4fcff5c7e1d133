import FileProviderHost
import FileProviderKit
import Foundation
import FruitBasketAPI
import FruitBasketProvider
import Testing

/// Bearer tokens expire on the server's clock: the provider renews an expired one transparently,
/// with exactly one new grant; a wrong secret fails every call with `notAuthenticated`, and a
/// host parks the work until the secret is fixed and the error is signalled resolved.
@Suite struct TokenExpiryTests {
    static let grant = "POST \(APIPaths.tokens)"

    @Test(.timeLimit(.minutes(1)))
    func anExpiredTokenIsRenewedOnceAndTheCallSucceeds() async throws {
        try await Teardown.run { teardown in
            let clock = ServerClock()
            let server = try await InProcessServer(teardown, tokenLifetime: 60, clock: clock.reading)
            let provider = teardown.invalidating(Fixture.provider(server.baseURL))
            let rootLookup = "GET \(APIPaths.item(WireIdentifiers.root))"

            _ = try await provider.item(for: .rootContainer, request: Request())
            _ = try await provider.item(for: .rootContainer, request: Request())
            #expect(await server.gate.count(of: Self.grant) == 1)

            clock.advance(by: 61)
            let root = try await provider.item(for: .rootContainer, request: Request())
            #expect(root.itemIdentifier == .rootContainer)
            #expect(await server.gate.count(of: Self.grant) == 2)
            // Two lookups, then the one refused with the expired token and its repeat.
            #expect(await server.gate.count(of: rootLookup) == 4)

            _ = try await provider.item(for: .rootContainer, request: Request())
            #expect(await server.gate.count(of: Self.grant) == 2)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aWrongSecretFailsEveryCallWithNotAuthenticated() async throws {
        try await Teardown.run { teardown in
            let server = try await InProcessServer(teardown)
            let other = teardown.invalidating(Fixture.provider(server.baseURL))
            let file = try await Fixture.createFile("fig.txt", Data("fig".utf8), other.client)
            let identifier = WireItemMapping.identifier(file.id)
            let version = WireItemMapping.version(file)
            let wrong = teardown.invalidating(Fixture.provider(server.baseURL, secret: "pear"))
            let folder = try TemporaryFolder()
            let contents = try folder.file("kiwi.txt", Data("kiwi".utf8))

            let calls: [@Sendable () async throws -> Void] = [
                { _ = try await wrong.item(for: .rootContainer, request: Request()) },
                { _ = try await wrong.item(for: identifier, request: Request()) },
                { _ = try await wrong.fetchContents(for: identifier, version: nil, request: Request()) },
                {
                    _ = try await wrong.createItem(
                        basedOn: Fixture.template("kiwi.txt"),
                        fields: .all,
                        contents: contents,
                        options: [],
                        request: Request()
                    )
                },
                {
                    let item = try await other.item(for: identifier, request: Request())
                    _ = try await wrong.modifyItem(
                        item,
                        baseVersion: version,
                        changedFields: .contents,
                        contents: contents,
                        options: [],
                        request: Request()
                    )
                },
                {
                    try await wrong.deleteItem(
                        identifier: identifier,
                        baseVersion: version,
                        options: [],
                        request: Request()
                    )
                },
                { _ = try await wrong.enumerator(for: .rootContainer, request: Request()).currentSyncAnchor() },
            ]
            let grantsBefore = await server.gate.count(of: Self.grant)
            for call in calls {
                let error = await #expect(throws: FileProviderError.self) { try await call() }
                #expect(error?.code == .notAuthenticated)
            }
            // One refused grant per call: no retry storm, and nothing changed on the server.
            #expect(await server.gate.count(of: Self.grant) == grantsBefore + calls.count)
            #expect(try await Fixture.rootItems(other.client).map(\.id) == [file.id])
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aHostParksWorkOnNotAuthenticatedUntilTheSecretIsFixed() async throws {
        try await Teardown.run { teardown in
            let server = try await InProcessServer(teardown)
            let folder = try TemporaryFolder()
            let relay = RelayProvider(Fixture.provider(server.baseURL, secret: "pear"))
            teardown.add { await relay.invalidate() }
            let host = try ProviderHost(
                provider: relay,
                configuration: HostConfiguration(scheduling: .manual, contentCacheParent: folder.url)
            )
            teardown.add { await host.stop() }
            let bytes = Fixture.content("kiwi", size: 70_000)
            let contents = try folder.file("kiwi.txt", bytes)
            let id = try await host.submit(
                .createItem(Fixture.template("kiwi.txt"), fields: .all, contents: contents, options: [])
            )

            let refused = try await host.run(id)
            #expect(refused.state == .parked(.notAuthenticated))
            #expect(refused.lastErrorCode == .notAuthenticated)

            await relay.replace(with: Fixture.provider(server.baseURL)).invalidate()
            #expect(await host.runnableOperations.isEmpty, "parked until the error is signalled resolved")
            await host.signalErrorResolved(FileProviderError(.notAuthenticated))
            let done = try await host.run(id)
            #expect(done.state == .succeeded)
            #expect(done.attempts == 2)

            let other = teardown.invalidating(Fixture.provider(server.baseURL))
            let items = try await Fixture.rootItems(other.client)
            #expect(items.map(\.name) == ["kiwi.txt"])
            let stored = try #require(items.first)
            #expect(try await Fixture.contents(of: stored.id, other.client) == bytes)
            #expect(done.resultItem?.itemIdentifier == WireItemMapping.identifier(stored.id))
        }
    }
}
