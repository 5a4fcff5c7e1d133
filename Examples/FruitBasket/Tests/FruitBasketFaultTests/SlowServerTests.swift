import FileProviderKit
import Foundation
import FruitBasketAPI
import FruitBasketProvider
import Testing

/// A server that holds its answers (a ``RequestGate``, no timer): a request past its deadline is
/// `serverUnreachable`; a cancelled call ends with `CancellationError` while the server still
/// holds it, a cancelled read changes nothing, and a cancelled creation either did not happen or
/// is whole and in the change feed.
@Suite struct SlowServerTests {
    static let creation = "POST \(APIPaths.items)"

    @Test(.timeLimit(.minutes(1)))
    func aHeldAnswerPastTheDeadlineIsServerUnreachable() async throws {
        try await Teardown.run { teardown in
            let server = try await InProcessServer(teardown)
            // The held answer never comes, so any deadline ends the call; 5 s rather than less
            // because the token grant (unheld) runs under the same deadline, and on a loaded
            // 2-core CI machine 20 grants in a row once each took over 500 ms.
            let provider = teardown.invalidating(Fixture.provider(server.baseURL, requestTimeout: .seconds(5)))
            let lookup = "GET \(APIPaths.item(WireIdentifiers.root))"
            // A token first, unheld; asked again (a bounded number of times) if a grant passes
            // the deadline all the same.
            var warmed = false
            for _ in 0..<5 where !warmed {
                warmed = (try? await provider.client.state()) != nil
            }
            try #require(warmed)
            await server.gate.hold { $0 == lookup }

            let error = await #expect(throws: FileProviderError.self) {
                try await provider.item(for: .rootContainer, request: Request())
            }
            #expect(error?.code == .serverUnreachable)
            #expect(await server.gate.count(of: lookup) == 1)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aCancelledReadEndsAtOnceAndChangesNothing() async throws {
        try await Teardown.run { teardown in
            let server = try await InProcessServer(teardown)
            let provider = teardown.invalidating(Fixture.provider(server.baseURL))
            let other = teardown.invalidating(Fixture.provider(server.baseURL))
            let before = try await other.client.state()
            let lookup = "GET \(APIPaths.item(WireIdentifiers.root))"
            await server.gate.hold { $0 == lookup }

            let read = Task { try await provider.item(for: .rootContainer, request: Request()) }
            var arrivals = server.gate.arrivals.makeAsyncIterator()
            #expect(await arrivals.next() == lookup)
            read.cancel()
            await #expect(throws: CancellationError.self) { try await read.value }

            // The server still holds the read; the store is as it was.
            await server.gate.stopHolding()
            #expect(try await other.client.state() == before)
            #expect(try await Fixture.rootItems(other.client).isEmpty)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aCancelledCreationDidNotHappenOrIsWholeAndInTheFeed() async throws {
        try await Teardown.run { teardown in
            let server = try await InProcessServer(teardown)
            let provider = teardown.invalidating(Fixture.provider(server.baseURL))
            let other = teardown.invalidating(Fixture.provider(server.baseURL))
            let folder = try TemporaryFolder()
            let bytes = Fixture.content("plum", size: 300_000)
            let contents = try folder.file("plum.txt", bytes)
            let before = try await other.client.state()
            await server.gate.hold { $0 == Self.creation }

            let creation = Task {
                try await provider.createItem(
                    basedOn: Fixture.template("plum.txt"),
                    fields: .all,
                    contents: contents,
                    options: [],
                    request: Request()
                )
            }
            var arrivals = server.gate.arrivals.makeAsyncIterator()
            #expect(await arrivals.next() == Self.creation)
            creation.cancel()
            await #expect(throws: CancellationError.self) { try await creation.value }

            // Let the server finish the request its client abandoned, then read what it did.
            await server.gate.stopHolding()
            await server.gate.releaseAll()
            var completions = server.gate.completions.makeAsyncIterator()
            while let finished = await completions.next(), finished != Self.creation {}

            let listed = try await Fixture.rootItems(other.client)
            let feed = try await other.client.changes(after: before.cursor, limit: 100)
            #expect(feed.deleted.isEmpty)
            #expect(feed.updated.map(\.id) == listed.map(\.id), "the feed reports exactly what the listing shows")
            if let created = listed.first {
                #expect(listed.map(\.name) == ["plum.txt"])
                #expect(created.size == Int64(bytes.count))
                #expect(try await Fixture.contents(of: created.id, other.client) == bytes)
            }
        }
    }
}
