import FileProviderHost
import FileProviderKit
import Foundation
import Testing

@Suite("Operations")
struct OperationTests {
    @Test("create, modify, fetch and delete apply their results to the replica")
    func resultsApplyToReplica() async throws {
        let provider = FakeProvider()
        let host = try HostFixture.host(provider)
        try await host.synchronize()
        let contents = try HostFixture.file("hello")
        defer { try? FileManager.default.removeItem(at: contents) }
        let create = try await host.submit(
            .createItem(HostFixture.template("hello.txt"), fields: .all, contents: contents, options: [])
        )
        let created = try await host.run(create)
        #expect(created.state == .succeeded)
        let item = try #require(created.resultItem)
        #expect(item.itemIdentifier != "template-hello.txt")
        #expect(await host.item(item.itemIdentifier) == item)

        var renamed = item
        renamed.filename = "renamed.txt"
        let modify = try await host.submit(
            .modifyItem(renamed, baseVersion: item.itemVersion, changedFields: .filename, contents: nil, options: [])
        )
        #expect(try await host.run(modify).state == .succeeded)
        #expect(await host.item(item.itemIdentifier)?.filename == "renamed.txt")

        let fetch = try await host.submit(.fetchContents(item.itemIdentifier, version: nil))
        let fetched = try await host.run(fetch)
        let url = try #require(fetched.contentsURL)
        #expect(try Data(contentsOf: url) == Data("hello".utf8))
        #expect(await host.cachedContents(of: item.itemIdentifier) == url)

        let current = try #require(await host.item(item.itemIdentifier))
        let delete = try await host.submit(
            .deleteItem(item.itemIdentifier, baseVersion: current.itemVersion, options: [])
        )
        #expect(try await host.run(delete).state == .succeeded)
        #expect(await host.item(item.itemIdentifier) == nil)
        #expect(await host.cachedContents(of: item.itemIdentifier) == nil)
        #expect(await host.runnableOperations.isEmpty)
        #expect(try await host.checkConvergence().isEmpty)
        await host.stop()
    }

    @Test("fields the provider leaves pending are sent again, alone, with the new base version")
    func pendingFieldsAreResent() async throws {
        let (provider, _, _, top) = HostFixture.populatedProvider()
        let host = try HostFixture.host(provider)
        try await host.synchronize()
        provider.deferOnce(.tagData)
        let id = try await host.submit(HostFixture.renameAndTag(try #require(await host.item(top)), to: "tagged.txt"))
        let first = try await host.run(id)
        #expect(first.state == .pending)
        #expect(first.resendCount == 1)
        guard case .modifyItem(_, let baseVersion, let fields, _, _) = first.nextCall else {
            Issue.record("the resend is not a modification: \(first.nextCall)")
            return
        }
        #expect(fields == .tagData)
        #expect(baseVersion == first.resultItem?.itemVersion)
        #expect(await host.item(top)?.filename == "tagged.txt")
        let second = try await host.run(id)
        #expect(second.state == .succeeded)
        #expect(second.attempts == 2)
        #expect(await host.item(top)?.tagData == Data("red".utf8))
        #expect(try await host.checkConvergence().isEmpty)
        await host.stop()
    }

    @Test("fields returned pending from a call that sent exactly them are unsupported and not sent again")
    func unsupportedFieldsStop() async throws {
        let (provider, _, _, top) = HostFixture.populatedProvider()
        let host = try HostFixture.host(provider)
        try await host.synchronize()
        provider.neverApply(.tagData)
        let id = try await host.submit(HostFixture.renameAndTag(try #require(await host.item(top)), to: "renamed.txt"))
        #expect(try await host.run(id).state == .pending)
        let record = try await host.run(id)
        #expect(record.state == .succeeded)
        #expect(record.unsupportedFields == .tagData)
        #expect(record.attempts == 2)
        #expect(await host.runnableOperations.isEmpty)
        await host.stop()
    }

    @Test("noSuchItem from the provider deletes the replica's copy and its descendants")
    func noSuchItemDeletesReplicaCopy() async throws {
        let (provider, docs, _, _) = HostFixture.populatedProvider()
        let host = try HostFixture.host(provider)
        try await host.synchronize()
        provider.remoteDelete(docs)
        var renamed = try #require(await host.item(docs))
        renamed.filename = "papers"
        let id = try await host.submit(
            .modifyItem(renamed, baseVersion: renamed.itemVersion, changedFields: .filename, contents: nil, options: [])
        )
        let record = try await host.run(id)
        #expect(record.state == .failed)
        #expect(record.lastErrorCode == .noSuchItem)
        #expect(await host.item(docs) == nil)
        #expect(await host.children(of: docs).isEmpty)
        #expect(try await host.checkConvergence().isEmpty)
        await host.stop()
    }

    @Test("a rejected deletion puts the provider's current item into the replica")
    func rejectedDeletionRestoresItem() async throws {
        let (provider, _, _, top) = HostFixture.populatedProvider()
        let host = try HostFixture.host(provider)
        try await host.synchronize()
        let stale = try #require(await host.item(top))
        provider.remoteMove(top, renamedTo: "changed elsewhere.txt")
        let id = try await host.submit(.deleteItem(top, baseVersion: stale.itemVersion, options: []))
        let record = try await host.run(id)
        #expect(record.state == .failed)
        #expect(record.lastErrorCode == .deletionRejected)
        #expect(record.resultItem?.filename == "changed elsewhere.txt")
        #expect(await host.item(top)?.filename == "changed elsewhere.txt")
        #expect(try await host.checkConvergence().isEmpty)
        await host.stop()
    }

    @Test("a collision fails the creation and carries the existing item")
    func collisionFails() async throws {
        let (provider, _, _, top) = HostFixture.populatedProvider()
        let host = try HostFixture.host(provider)
        try await host.synchronize()
        let id = try await host.submit(
            HostFixture.creation("TOP.txt")
        )
        let record = try await host.run(id)
        #expect(record.state == .failed)
        #expect(record.lastErrorCode == .filenameCollision)
        #expect(record.resultItem?.itemIdentifier == top)
        #expect(await host.operations.map(\.id) == [id])
        await host.stop()
    }

    @Test("running an unknown or unrunnable operation throws and changes nothing")
    func unrunnableOperations() async throws {
        let provider = FakeProvider()
        provider.inject(FileProviderError(.serverUnreachable), into: .createItem)
        let host = try HostFixture.host(provider)
        let unknown = OperationID(99)
        await #expect(throws: HostError.unknownOperation(unknown)) { try await host.run(unknown) }
        let id = try await host.submit(
            HostFixture.creation("x.txt")
        )
        #expect(try await host.run(id).state == .parked(.serverUnreachable))
        await #expect(throws: HostError.operationNotRunnable(id, .parked(.serverUnreachable))) {
            try await host.run(id)
        }
        #expect(try await host.runNext() == nil)
        await host.stop()
        await #expect(throws: HostError.stopped) {
            try await host.submit(.fetchContents("x", version: nil))
        }
        #expect(await host.operation(id)?.state == .cancelled)
    }
}
