import FileProviderHost
import FileProviderKit
import Foundation
import FruitBasketProvider
import Testing

/// A server that goes away in the middle of work: the host's operations park on
/// serverUnreachable, resume once the server is back on the same port and database, the replica
/// converges, and everything acknowledged is on the server.
@Suite struct ServerRestartTests {
    @Test(.timeLimit(.minutes(2)))
    func operationsParkDuringAnOutageAndResumeAfterARestart() async throws {
        try await LoopbackServer.withProvider { provider, server in
            let files = FileManager.default.temporaryDirectory.appendingPathComponent("FruitBasketRestart-\(UUID())")
            try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: files) }
            let host = try ProviderHost(provider: provider, configuration: HostConfiguration(scheduling: .manual))
            _ = try await host.synchronize()

            var acknowledged: [ItemIdentifier: Data] = [:]
            for index in 0..<3 {
                let (id, data) = try await Self.submitCreation(named: "before-\(index).txt", to: host, in: files)
                let record = try await host.run(id)
                let item = try #require(record.resultItem)
                acknowledged[item.itemIdentifier] = data
            }

            await server.stop()
            var parked: [OperationID] = []
            for index in 0..<3 {
                parked.append(try await Self.submitCreation(named: "during-\(index).txt", to: host, in: files).id)
            }
            let edited = try #require(await host.replica.children(of: .rootContainer).first)
            let edit = Data("edited while the server was down".utf8)
            let editFile = files.appendingPathComponent("edit")
            try edit.write(to: editFile)
            parked.append(
                try await host.submit(
                    .modifyItem(
                        edited,
                        baseVersion: edited.itemVersion,
                        changedFields: .contents,
                        contents: editFile,
                        options: []
                    )
                )
            )
            for id in parked {
                #expect(try await host.run(id).state == .parked(.serverUnreachable))
            }

            try await server.start()
            await host.signalErrorResolved(FileProviderError(.serverUnreachable))
            for id in parked {
                let record = try await host.run(id)
                #expect(record.state == .succeeded)
                if let item = record.resultItem, item.itemIdentifier != edited.itemIdentifier {
                    acknowledged[item.itemIdentifier] = Data(item.filename.utf8)
                }
            }
            acknowledged[edited.itemIdentifier] = edit
            _ = try await host.synchronize()
            #expect(try await host.checkConvergence().isEmpty)
            #expect(await host.replica.children(of: .rootContainer).count == 6)

            let other = FruitBasketClient(configuration: server.clientConfiguration)
            for (identifier, data) in acknowledged {
                let url = files.appendingPathComponent("check-\(UUID())")
                _ = try await other.download(try #require(WireItemMapping.wireID(identifier)), version: nil, to: url)
                #expect(try Data(contentsOf: url) == data, "\(identifier)")
            }
            await other.shutdown()
            await host.stop()
        }
    }

    /// Submits the creation of a file whose content is its name.
    static func submitCreation(
        named name: String,
        to host: ProviderHost,
        in folder: URL
    ) async throws -> (id: OperationID, data: Data) {
        let data = Data(name.utf8)
        let contents = folder.appendingPathComponent(name)
        try data.write(to: contents)
        let template = ItemSnapshot(
            itemIdentifier: ItemIdentifier("template-\(name)"),
            parentItemIdentifier: .rootContainer,
            filename: name,
            contentType: .plainText
        )
        let id = try await host.submit(
            .createItem(template, fields: [.filename, .contents], contents: contents, options: [])
        )
        return (id, data)
    }
}
