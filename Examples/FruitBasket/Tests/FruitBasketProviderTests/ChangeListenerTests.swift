import FileProviderKit
import Foundation
import FruitBasketAPI
import FruitBasketProvider
import Testing

/// The push channel reports changes made by another client, also across a server restart, and
/// stops when its task is cancelled.
@Suite struct ChangeListenerTests {
    @Test(.timeLimit(.minutes(1)))
    func changesAreReportedAcrossARestart() async throws {
        try await LoopbackServer.with { server in
            let listening = FruitBasketClient(configuration: server.clientConfiguration)
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
