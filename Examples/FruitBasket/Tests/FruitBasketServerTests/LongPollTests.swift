import Foundation
import FruitBasketAPI
import HummingbirdTesting
import Testing

@testable import FruitBasketServer

@Suite("Push channel: the long poll")
struct LongPollTests {
    @Test("A waiting long poll answers once a change commits")
    func wakesOnCommit() async throws {
        try await TestAPI.run { api in
            let before = try await api.state()
            async let answer = api.send(.get, "\(APIPaths.wait)?after=\(before.sequence)&timeout=60")
            try await api.create("wake")
            let state = try api.decode(ServerState.self, try await answer)
            #expect(state.sequence == before.sequence + 1)
        }
    }

    @Test("A long poll already behind answers at once; bad parameters are refused")
    func immediateAndInvalid() async throws {
        try await TestAPI.run { api in
            try await api.create("first")
            let state = try api.decode(
                ServerState.self,
                try await api.send(.get, "\(APIPaths.wait)?after=0&timeout=60")
            )
            #expect(state.sequence == 1)
            #expect(
                try api.errorCode(try await api.send(.get, "\(APIPaths.wait)?after=0&timeout=61")) == .invalidRequest
            )
            #expect(try api.errorCode(try await api.send(.get, APIPaths.wait)) == .invalidRequest)
        }
    }

    @Test("A long poll with nothing to report answers the same sequence when its timeout ends")
    func timesOut() async throws {
        try await TestAPI.run { api in
            let before = try await api.state()
            let answer = try await api.send(.get, "\(APIPaths.wait)?after=\(before.sequence)&timeout=1")
            #expect(try api.decode(ServerState.self, answer) == before)
        }
    }

    @Test("A change committed by another server process on the same database wakes the long poll")
    func wakesOnPeerCommit() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store.sqlite").path
        let configuration = FruitBasketServerConfiguration(port: 0, peerPollInterval: .milliseconds(20))
        let firstDatabase = try await SQLiteCatalogueDatabase(location: .file(path))
        let secondDatabase = try await SQLiteCatalogueDatabase(location: .file(path))
        let first = try await FruitBasketServer(configuration: configuration, database: firstDatabase)
        let second = try await FruitBasketServer(configuration: configuration, database: secondDatabase)
        let before = try await first.catalogue.state()
        async let woken: Void = first.notifier.wait(after: before.sequence)
        let template = WireItem(
            id: "",
            parent: WireIdentifiers.root,
            name: "peer",
            kind: .folder,
            contentVersion: 0,
            metadataVersion: 0
        )
        _ = try await second.catalogue.create(CreateItemRequest(item: template))
        await woken
        #expect(try await first.catalogue.state().sequence == before.sequence + 1)
        try await firstDatabase.close()
        try await secondDatabase.close()
    }
}
