import FileProviderHost
import FileProviderKit
import Foundation
import Testing

@Suite("Apple's optional results: no item from a modification, no anchor from an enumerator")
struct OptionalResultTests {
    /// The deletion of `item` on its current version.
    private static func deletion(of item: ItemSnapshot) -> HostOperation {
        .deleteItem(item.itemIdentifier, baseVersion: item.itemVersion, options: [])
    }

    @Test("a modification that returns no item removes the replica's copy of a file at once")
    func fileThatLeftIsRemoved() async throws {
        let (provider, _, _, top) = HostFixture.populatedProvider()
        let host = try HostFixture.host(provider)
        try await host.synchronize()
        provider.leaveDomain(onModifyOf: top)
        let id = try await host.submit(HostFixture.renameAndTag(try #require(await host.item(top)), to: "gone.txt"))
        let record = try await host.run(id)
        #expect(record.state == .succeeded)
        #expect(record.itemLeftDomain)
        #expect(record.resultItem == nil)
        #expect(record.lastError == nil)
        #expect(record.attempts == 1)
        #expect(await host.item(top) == nil)
        #expect(provider.calls(of: .modifyItem) == 1)
        try await host.synchronize()
        #expect(try await host.checkConvergence().isEmpty)
        #expect(host.monitor.violations.isEmpty)
        await host.stop()
    }

    @Test("a folder that left the domain stays in the replica until its last child has left")
    func folderThatLeftStaysUntilItsChildrenLeave() async throws {
        let (provider, docs, notes, _) = HostFixture.populatedProvider()
        let host = try HostFixture.host(provider)
        try await host.synchronize()
        let children = await host.replica.children(of: docs)
        #expect(children.count == 2)
        provider.leaveDomain(onModifyOf: docs)
        let rename = try await host.submit(HostFixture.renameAndTag(try #require(await host.item(docs)), to: "x"))
        let record = try await host.run(rename)
        #expect(record.state == .succeeded)
        #expect(record.itemLeftDomain)
        #expect(await host.item(docs) != nil, "a folder with children stays")
        for child in children { #expect(await host.item(child.itemIdentifier) != nil) }

        _ = try await host.run(try await host.submit(Self.deletion(of: children[0])))
        #expect(await host.item(children[0].itemIdentifier) == nil)
        #expect(await host.item(docs) != nil, "one child is still there")
        _ = try await host.run(try await host.submit(Self.deletion(of: children[1])))
        #expect(await host.item(docs) == nil, "the last child left, so the folder went with it")

        provider.leaveDomain(onModifyOf: notes)
        let empty = try await host.submit(HostFixture.renameAndTag(try #require(await host.item(notes)), to: "y"))
        #expect(try await host.run(empty).itemLeftDomain)
        #expect(await host.item(notes) == nil, "an empty folder is removed at once")
        try await host.synchronize()
        #expect(try await host.checkConvergence().isEmpty)
        await host.stop()
    }

    @Test("a folder that left the domain goes when the working set reports its children gone")
    func folderThatLeftGoesWithTheWorkingSet() async throws {
        let (provider, docs, _, _) = HostFixture.populatedProvider()
        let host = try HostFixture.host(provider)
        try await host.synchronize()
        provider.leaveDomain(onModifyOf: docs)
        let rename = try await host.submit(HostFixture.renameAndTag(try #require(await host.item(docs)), to: "x"))
        #expect(try await host.run(rename).itemLeftDomain)
        #expect(await host.replica.children(of: docs).count == 2)
        try await host.synchronize()
        #expect(await host.item(docs) == nil)
        #expect(await host.replica.children(of: docs).isEmpty)
        #expect(try await host.checkConvergence().isEmpty)
        await host.stop()
    }

    @Test("a working set without a sync anchor is a contract violation that fails the synchronization")
    func workingSetWithoutAnchor() async throws {
        let (provider, _, _, _) = HostFixture.populatedProvider()
        provider.withholdWorkingSetAnchor()
        let host = try HostFixture.host(provider, monitor: ContractMonitor(policy: .record))
        let violation = ContractViolation(.workingSetAnchorMissing, call: "currentSyncAnchor(for: .workingSet)")
        await #expect(throws: violation) { try await host.synchronize() }
        #expect(host.monitor.violations.map(\.kind) == [.workingSetAnchorMissing])
        #expect(await host.syncStatus == .failed)
        #expect(await host.replica.isEmpty)
        await host.stop()
    }

    @Test("a folder's enumerator without an anchor is listed like any other")
    func folderWithoutAnchorIsListed() async throws {
        let (provider, docs, _, _) = HostFixture.populatedProvider()
        let host = try HostFixture.host(provider)
        let listed = try await host.listContainer(docs)
        #expect(Set(listed.map(\.filename)) == ["a.txt", "b.txt"])
        await host.stop()
    }
}
