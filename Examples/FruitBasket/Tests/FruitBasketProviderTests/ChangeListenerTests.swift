import FileProviderHost
import FileProviderKit
import Foundation
import FruitBasketAPI
import FruitBasketProvider
import Testing

/// The push channel reports changes made by another client, also across a server restart, and
/// stops when its task is cancelled.
@Suite struct ChangeListenerTests {
    @Test(
        .timeLimit(.minutes(1)),
        .disabled(
            """
            Flaky on a loaded 2-core machine (1 run in about 4 timed out waiting for the change after an \
            in-process restart; the cause is not found yet). ChangeFeedRestartTests covers the listener \
            across a restart of the server process.
            """
        )
    )
    func changesAreReportedAcrossARestart() async throws {
        try await LoopbackServer.with { server in
            // Short polls and deadlines: a poll caught by the restart (sent as the old server
            // stopped) is abandoned and sent again within seconds, also on a loaded machine.
            var quick = server.clientConfiguration
            quick.pushWait = .seconds(1)
            quick.requestTimeout = .seconds(3)
            let listening = FruitBasketClient(configuration: quick)
            let other = FruitBasketClient(configuration: server.clientConfiguration)
            let start = try await listening.state().sequence
            let (changes, continuation) = AsyncStream.makeStream(of: ServerState.self)
            let listener = FruitBasketChangeListener(client: listening) { continuation.yield($0) }
            let task = Task { try await listener.run(after: start) }
            var received = changes.makeAsyncIterator()

            let first = try await other.createItem(CreateItemRequest(item: Self.folder("one"))).item
            #expect((await received.next()?.sequence ?? 0) >= first.metadataVersion)

            await server.stop()
            try await server.start()
            let second = try await other.createItem(CreateItemRequest(item: Self.folder("two"))).item
            var latest = await received.next()
            while let state = latest, state.sequence < second.metadataVersion {
                latest = await received.next()
            }
            #expect(latest?.sequence == second.metadataVersion)

            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            await listening.shutdown()
            await other.shutdown()
        }
    }

    /// The listener signals a host's working set, and the host catches up with a change another
    /// client made, without being asked to synchronize.
    @Test(.timeLimit(.minutes(1)))
    func aSignalledHostCatchesUpOnItsOwn() async throws {
        try await LoopbackServer.withProvider { provider, server in
            let host = try ProviderHost(provider: provider)
            await host.start()
            try await host.waitUntilIdle()
            let start = try await provider.client.state().sequence
            let (signals, continuation) = AsyncStream.makeStream(of: Int64.self)
            let listener = FruitBasketChangeListener(client: provider.client) { state in
                await host.signalEnumerator(for: .workingSet)
                continuation.yield(state.sequence)
            }
            let task = Task { try await listener.run(after: start) }
            var signalled = signals.makeAsyncIterator()

            let other = FruitBasketClient(configuration: server.clientConfiguration)
            let created = try await other.createItem(CreateItemRequest(item: Self.folder("pushed"))).item
            var sequence = await signalled.next()
            while let seen = sequence, seen < created.metadataVersion { sequence = await signalled.next() }
            try await host.waitUntilIdle()
            #expect(await host.item(WireItemMapping.identifier(created.id))?.filename == "pushed")

            task.cancel()
            _ = await task.result
            await other.shutdown()
            await host.stop()
        }
    }

    static func folder(_ name: String) -> WireItem {
        WireItem(
            id: "",
            parent: WireIdentifiers.root,
            name: name,
            kind: .folder,
            contentVersion: 0,
            metadataVersion: 0,
            flags: 7
        )
    }
}
