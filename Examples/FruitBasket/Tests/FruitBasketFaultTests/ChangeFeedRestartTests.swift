import FileProviderHost
import FileProviderKit
import Foundation
import FruitBasketAPI
import FruitBasketProvider
import Testing

/// A restart (SIGKILL, then the same database on the same port) keeps the change feed: the
/// store's epoch and sequence are those it had, an anchor taken before the restart enumerates the
/// changes made after it without a new listing, and the push channel, backing off while the
/// server is gone, reports the first change after it comes back.
@Suite struct ChangeFeedRestartTests {
    @Test(.timeLimit(.minutes(1)))
    func anchorsAndThePushChannelOutliveARestart() async throws {
        try await Teardown.run { teardown in
            let folder = try TemporaryFolder()
            var server = try await ServerProcess.start(database: folder.url.appendingPathComponent("feed.sqlite"))
            teardown.add { [server] in await server.sigkill() }
            let provider = teardown.invalidating(Fixture.provider(server.baseURL))
            let other = teardown.invalidating(Fixture.provider(server.baseURL))
            let host = try ProviderHost(
                provider: provider,
                configuration: HostConfiguration(scheduling: .manual, contentCacheParent: folder.url)
            )
            teardown.add { await host.stop() }
            try await Fixture.createFile("apple.txt", Data("apple".utf8), other.client)
            let initial = try await host.synchronize()
            #expect(initial.listingCount == 1)
            #expect(initial.listedItemCount == 1)
            let before = try await other.client.state()

            let (changes, report) = AsyncStream.makeStream(of: ServerState.self)
            let listener = FruitBasketChangeListener(
                client: provider.client,
                initialBackoff: .milliseconds(20),
                maximumBackoff: .milliseconds(200)
            ) { report.yield($0) }
            let listening = Task { try await listener.run(after: before.sequence) }
            teardown.add { listening.cancel() }

            await server.sigkill()
            server = try await server.restart()
            teardown.add { [server] in await server.sigkill() }
            #expect(try await other.client.state() == before, "same epoch, sequence and cursor")

            let pear = try await Fixture.createFile("pear.txt", Data("pear".utf8), other.client)
            let after = try await other.client.state()
            #expect(after.epoch == before.epoch)
            #expect(after.sequence > before.sequence)
            var reports = changes.makeAsyncIterator()
            #expect(await reports.next() == after, "the push channel reports the change made after the restart")

            let caughtUp = try await host.synchronize()
            #expect(caughtUp.listingCount == 0, "the anchor from before the restart still works")
            #expect(caughtUp.updatedItemCount == 1)
            #expect(caughtUp.deletedItemCount == 0)
            #expect(await host.item(WireItemMapping.identifier(pear.id))?.filename == "pear.txt")
            let difference = try await host.checkConvergence()
            #expect(difference.isEmpty, "\(difference)")

            listening.cancel()
            await #expect(throws: CancellationError.self) { try await listening.value }
        }
    }
}
