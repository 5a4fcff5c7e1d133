import FileProviderHost
import FileProviderKit
import Foundation
import FruitBasketAPI
import FruitBasketProvider
import Testing

/// `fruitbasket-server` killed with SIGKILL in the middle of a host's work and started again on
/// the same port and database: work that was running or submitted during the outage parks on
/// `serverUnreachable` and resumes when the host is told the server is back; nothing the server
/// acknowledged is lost, nothing is duplicated, and the replica converges.
@Suite struct KillAndRestartTests {
    /// What one operation asked for: the file's name and the content it should end with.
    struct Expectation {
        let name: String
        let bytes: Data
    }

    /// The work of one round: modifications of files the server already has, then creations.
    static let roundModifications = 3
    static let roundCreations = 16
    static let outageCreations = 3

    @Test(.timeLimit(.minutes(2)))
    func workParksOnServerUnreachableAndNothingAcknowledgedIsLost() async throws {
        try await Teardown.run { teardown in
            let folder = try TemporaryFolder()
            var server = try await ServerProcess.start(database: folder.url.appendingPathComponent("basket.sqlite"))
            teardown.add { [server] in await server.sigkill() }
            let relay = RelayProvider(Fixture.provider(server.baseURL))
            teardown.add { await relay.invalidate() }
            let host = try ProviderHost(
                provider: relay,
                configuration: HostConfiguration(
                    scheduling: .automatic(maximumConcurrentOperations: 4),
                    contentCacheParent: folder.url
                )
            )
            teardown.add { await host.stop() }
            await host.start()
            var expectations: [OperationID: Expectation] = [:]
            var finalContent: [String: Data] = [:]
            var acknowledgements = relay.acknowledgements.makeAsyncIterator()
            var acknowledgementsSeen = 0

            /// The creation of `name` with content of `size` bytes, its content file written.
            func creation(_ name: String, size: Int) throws -> (HostOperation, Expectation) {
                let bytes = Fixture.content(name, size: size)
                let contents = try folder.file("\(name)-\(size)", bytes)
                let operation = HostOperation.createItem(
                    Fixture.template(name),
                    fields: .all,
                    contents: contents,
                    options: .mayAlreadyExist
                )
                return (operation, Expectation(name: name, bytes: bytes))
            }

            /// New content for the replica's file `name`, its content file written.
            func modification(_ name: String, round: Int) async throws -> (HostOperation, Expectation) {
                let item = try #require(await host.children(of: .rootContainer).first { $0.filename == name })
                let bytes = Fixture.content("\(name) in round \(round)", size: 40_000 + round * 1000)
                let contents = try folder.file("\(name)-round-\(round)", bytes)
                let operation = HostOperation.modifyItem(
                    item,
                    baseVersion: item.itemVersion,
                    changedFields: .contents,
                    contents: contents,
                    options: []
                )
                return (operation, Expectation(name: name, bytes: bytes))
            }

            /// Submits `work` in one burst, its content files written beforehand.
            func submit(_ work: [(HostOperation, Expectation)]) async throws {
                for (operation, expectation) in work {
                    expectations[try await host.submit(operation)] = expectation
                    finalContent[expectation.name] = expectation.bytes
                }
            }

            try await submit((0..<6).map { try creation("before-\($0).txt", size: 20_000 + $0 * 5000) })
            try await host.waitUntilIdle()
            #expect(await host.operations.map(\.state) == Array(repeating: .succeeded, count: 6))

            for (round, killAfter) in [1, 6, 12].enumerated() {
                // Acknowledgements of earlier work are not this round's.
                let succeededBefore = await host.operations.count { $0.state == .succeeded }
                while acknowledgementsSeen < succeededBefore {
                    _ = await acknowledgements.next()
                    acknowledgementsSeen += 1
                }
                let firstOfRound = await host.operations.count
                var work: [(HostOperation, Expectation)] = []
                for index in 0..<Self.roundModifications {
                    work.append(try await modification("before-\(index + round).txt", round: round))
                }
                for index in 0..<Self.roundCreations {
                    work.append(try creation("round-\(round)-\(index).txt", size: 30_000 + index * 7000))
                }
                try await submit(work)
                for _ in 0..<killAfter {
                    _ = await acknowledgements.next()
                    acknowledgementsSeen += 1
                }
                await server.sigkill()

                // Submitted during the outage.
                try await submit(
                    (0..<Self.outageCreations).map { try creation("outage-\(round)-\($0).txt", size: 10_000) }
                )
                try await host.waitUntilIdle()
                let afterKill = await host.operations
                let unfinished = afterKill.filter { $0.state != .succeeded }
                #expect(!unfinished.isEmpty)
                for record in unfinished {
                    #expect(record.state == .parked(.serverUnreachable), "\(record.submitted.callDescription)")
                    #expect(record.lastErrorCode == .serverUnreachable)
                }
                for record in afterKill.suffix(Self.outageCreations) {
                    #expect(record.state == .parked(.serverUnreachable))
                }
                let acknowledged = afterKill[firstOfRound...].filter { $0.state == .succeeded }
                #expect(acknowledged.count >= killAfter)

                server = try await server.restart()
                teardown.add { [server] in await server.sigkill() }
                // Before the host resumes: everything acknowledged before the kill is on the server.
                let reader = teardown.invalidating(Fixture.provider(server.baseURL))
                for record in acknowledged {
                    let expected = try #require(expectations[record.id])
                    let item = try #require(record.resultItem)
                    let wireID = try #require(WireItemMapping.wireID(item.itemIdentifier))
                    let stored = try await reader.client.item(wireID)
                    #expect(stored.name == expected.name)
                    #expect(try await Fixture.contents(of: wireID, reader.client) == expected.bytes)
                }

                await host.signalErrorResolved(FileProviderError(.serverUnreachable))
                try await host.waitUntilIdle()
                for record in await host.operations {
                    #expect(record.state == .succeeded, "\(record.submitted.callDescription): \(record.state)")
                }
            }

            // Through an independent client: exactly the files asked for, each with its last content.
            let reader = teardown.invalidating(Fixture.provider(server.baseURL))
            let stored = try await Fixture.rootItems(reader.client)
            #expect(stored.count == finalContent.count)
            #expect(Set(stored.map(\.name)) == Set(finalContent.keys))
            for item in stored {
                #expect(
                    try await Fixture.contents(of: item.id, reader.client) == finalContent[item.name],
                    "\(item.name)"
                )
            }
            let difference = try await host.checkConvergence()
            #expect(difference.isEmpty, "\(difference)")
            #expect(await host.children(of: .rootContainer).count == finalContent.count)
        }
    }
}
