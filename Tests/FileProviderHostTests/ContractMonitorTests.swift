import FileProviderHost
import FileProviderKit
import Foundation
import Testing

/// One way to break the observer contract, scripted, with the violation the host must record.
struct Misbehavior: Sendable, CustomTestStringConvertible {
    let name: String
    let expected: @Sendable () throws -> ContractViolation.Kind
    /// Lists this container instead of synchronizing, when set.
    let listedContainer: ItemIdentifier?
    let provider: @Sendable () throws -> ScriptedProvider

    init(
        name: String,
        expected: @autoclosure @escaping @Sendable () throws -> ContractViolation.Kind,
        listedContainer: ItemIdentifier? = nil,
        provider: @escaping @Sendable () throws -> ScriptedProvider
    ) {
        self.name = name
        self.expected = expected
        self.listedContainer = listedContainer
        self.provider = provider
    }

    var testDescription: String { name }

    static let all: [Misbehavior] = [
        Misbehavior(name: "no finish", expected: .didNotFinish) {
            try ScriptedProvider(
                listing: { _, observer, _ in observer.didEnumerate([ScriptedProvider.file("f")]) },
                anchor: ScriptedProvider.anchor("a0")
            )
        },
        Misbehavior(name: "double finish", expected: .finishedMoreThanOnce) {
            try ScriptedProvider(
                listing: { _, observer, _ in
                    observer.finishEnumerating(upTo: nil)
                    observer.finishEnumerating(upTo: nil)
                },
                anchor: ScriptedProvider.anchor("a0")
            )
        },
        Misbehavior(name: "items after finish", expected: .reportedAfterFinish) {
            try ScriptedProvider(
                listing: { _, observer, _ in
                    observer.finishEnumerating(upTo: nil)
                    observer.didEnumerate([ScriptedProvider.file("f")])
                },
                anchor: ScriptedProvider.anchor("a0")
            )
        },
        Misbehavior(name: "more items than suggested", expected: .tooManyItems(count: 3, suggested: 2)) {
            try ScriptedProvider(
                listing: { _, observer, _ in
                    observer.didEnumerate(["f1", "f2", "f3"].map { ScriptedProvider.file($0) })
                    observer.finishEnumerating(upTo: nil)
                },
                anchor: ScriptedProvider.anchor("a0")
            )
        },
        Misbehavior(name: "page handed back twice", expected: .pageRepeated(try ScriptedProvider.page("p1"))) {
            let next = try ScriptedProvider.page("p1")
            return try ScriptedProvider(
                listing: { _, observer, _ in observer.finishEnumerating(upTo: next) },
                anchor: ScriptedProvider.anchor("a0")
            )
        },
        Misbehavior(
            name: "unchanged anchor with moreComing",
            expected: .anchorDidNotAdvance(try ScriptedProvider.anchor("a0"))
        ) {
            try ScriptedProvider(
                listing: { _, observer, _ in observer.finishEnumerating(upTo: nil) },
                changes: { observer, anchor in observer.finishEnumeratingChanges(upTo: anchor, moreComing: true) },
                anchor: ScriptedProvider.anchor("a0")
            )
        },
        Misbehavior(name: "updated and deleted in one batch", expected: .updatedAndDeleted("f")) {
            try ScriptedProvider(
                listing: { _, observer, _ in observer.finishEnumerating(upTo: nil) },
                changes: { observer, anchor in
                    observer.didUpdate([ScriptedProvider.file("f")])
                    observer.didDeleteItems(withIdentifiers: ["f"])
                    observer.finishEnumeratingChanges(upTo: anchor, moreComing: false)
                },
                anchor: ScriptedProvider.anchor("a0")
            )
        },
        Misbehavior(name: "child before its new parent", expected: .childBeforeParent(child: "f", parent: "d")) {
            try ScriptedProvider(
                listing: { _, observer, _ in observer.finishEnumerating(upTo: nil) },
                changes: { observer, anchor in
                    observer.didUpdate([ScriptedProvider.file("f", in: "d"), ScriptedProvider.folder("d")])
                    observer.finishEnumeratingChanges(upTo: anchor, moreComing: false)
                },
                anchor: ScriptedProvider.anchor("a0")
            )
        },
        Misbehavior(name: "file turned into a folder", expected: .itemKindChanged("f")) {
            try ScriptedProvider(
                listing: { _, observer, _ in
                    observer.didEnumerate([ScriptedProvider.file("f")])
                    observer.finishEnumerating(upTo: nil)
                },
                changes: { observer, anchor in
                    observer.didUpdate([ScriptedProvider.folder("f")])
                    observer.finishEnumeratingChanges(upTo: anchor, moreComing: false)
                },
                anchor: ScriptedProvider.anchor("a0")
            )
        },
        Misbehavior(name: "duplicate in a listing", expected: .duplicateItem("f")) {
            let second = try ScriptedProvider.page("p2")
            return try ScriptedProvider(
                listing: { _, observer, page in
                    observer.didEnumerate([ScriptedProvider.file("f")])
                    observer.finishEnumerating(upTo: page.isInitial ? second : nil)
                },
                anchor: ScriptedProvider.anchor("a0")
            )
        },
        Misbehavior(
            name: "wrong parent in a container listing",
            expected: .wrongParent(item: "f", expected: "d", actual: .rootContainer),
            listedContainer: "d"
        ) {
            try ScriptedProvider(
                listing: { _, observer, _ in
                    observer.didEnumerate([ScriptedProvider.file("f")])
                    observer.finishEnumerating(upTo: nil)
                },
                anchor: ScriptedProvider.anchor("a0")
            )
        },
    ]

    /// Drives the host the way that exposes the misbehavior, ignoring the error it causes.
    func drive(_ host: ProviderHost) async throws {
        if let listedContainer {
            _ = try await host.listContainer(listedContainer)
        } else {
            try await host.synchronize()
        }
    }
}

@Suite("Contract monitor")
struct ContractMonitorTests {
    @Test("every rule is recorded with the call that broke it", arguments: Misbehavior.all)
    func ruleIsRecorded(misbehavior: Misbehavior) async throws {
        let monitor = ContractMonitor(policy: .record)
        let host = try HostFixture.host(try misbehavior.provider(), monitor: monitor, pageSize: 2)
        try? await misbehavior.drive(host)
        #expect(try monitor.violationKinds == [misbehavior.expected()])
        #expect(monitor.violations.allSatisfy { $0.call.hasPrefix("enumerate") })
        await host.stop()
    }

    @Test("under the fatal policy every rule is thrown by the call that saw it", arguments: Misbehavior.all)
    func ruleIsFatal(misbehavior: Misbehavior) async throws {
        let monitor = ContractMonitor(policy: .fatal)
        let host = try HostFixture.host(try misbehavior.provider(), monitor: monitor, pageSize: 2)
        let error = await #expect(throws: ContractViolation.self) { try await misbehavior.drive(host) }
        #expect(try error?.kind == misbehavior.expected())
        #expect(try monitor.violationKinds == [misbehavior.expected()])
        await host.stop()
    }

    @Test(
        "a violation that leaves the batch usable is recorded and the batch applied; the fatal policy applies nothing"
    )
    func recordPolicyCarriesOn() async throws {
        let misbehavior = try #require(Misbehavior.all.first { $0.name == "child before its new parent" })
        let recording = try HostFixture.host(try misbehavior.provider(), monitor: ContractMonitor(policy: .record))
        try await recording.synchronize()
        #expect(await recording.children(of: "d").map(\.itemIdentifier) == ["f"])
        #expect(await recording.syncStatus == .idle)
        await recording.stop()

        let fatal = try HostFixture.host(try misbehavior.provider(), monitor: ContractMonitor(policy: .fatal))
        await #expect(throws: ContractViolation.self) { try await fatal.synchronize() }
        #expect(await fatal.replica.isEmpty)
        #expect(await fatal.syncStatus == .failed)
        #expect(await fatal.replica.anchor == (try ScriptedProvider.anchor("a0")))
        await fatal.stop()
    }

    @Test("the monitor stays silent on a well-behaved provider driven through every path")
    func silentOnWellBehavedProvider() async throws {
        let (provider, docs, notes, top) = HostFixture.populatedProvider()
        let monitor = ContractMonitor(policy: .record)
        let host = try HostFixture.host(provider, monitor: monitor, pageSize: 1, batchSize: 1)
        try await host.synchronize()
        let inner = provider.remoteCreate("inner", in: notes, type: .folder)
        provider.remoteCreate("deep.txt", in: inner)
        provider.remoteMove(top, to: inner)
        provider.remoteDelete(docs)
        await host.signalEnumerator(for: .workingSet)
        try await host.synchronize()
        let create = try await host.submit(
            .createItem(HostFixture.template("new.txt", in: notes), fields: .all, contents: nil, options: [])
        )
        try await host.run(create)
        provider.expireAnchors()
        try await host.synchronize()
        for container in [ItemIdentifier.rootContainer, notes, inner] {
            _ = try await host.listContainer(container)
        }
        #expect(try await host.checkConvergence().isEmpty)
        #expect(monitor.violations.isEmpty)
        await host.stop()
    }
}
