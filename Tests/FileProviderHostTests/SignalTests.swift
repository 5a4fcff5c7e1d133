import FileProviderHost
import FileProviderKit
import Testing

@Suite("Signals")
struct SignalTests {
    @Test("a burst of signals coalesces into one catch-up")
    func burstCoalesces() async throws {
        let provider = FakeProvider()
        let host = try HostFixture.host(provider)
        try await host.synchronize()
        let before = provider.calls(of: .enumerateChanges)
        for index in 0..<10 {
            provider.remoteCreate("file-\(index)")
            await host.signalEnumerator(for: .workingSet)
        }
        #expect(await host.isCatchUpPending)
        let summary = try await host.synchronize()
        #expect(summary.batchCount == 1)
        #expect(provider.calls(of: .enumerateChanges) == before + 1)
        #expect(await !host.isCatchUpPending)
        #expect(try await host.checkConvergence().isEmpty)
        await host.stop()
    }

    @Test("signals for containers other than the working set are ignored")
    func otherContainersIgnored() async throws {
        let host = try HostFixture.host(FakeProvider())
        try await host.synchronize()
        await host.signalEnumerator(for: .rootContainer)
        await host.signalEnumerator(for: "some-folder")
        #expect(await !host.isCatchUpPending)
        await host.stop()
    }

    @Test("under automatic scheduling, signals during a catch-up cause exactly one more")
    func automaticCoalescing() async throws {
        let provider = FakeProvider()
        let host = try HostFixture.host(provider, scheduling: .automatic(maximumConcurrentOperations: 2))
        await host.start()
        try await host.waitUntilIdle()
        let before = provider.calls(of: .enumerateChanges)
        let gate = Gate()
        provider.hold(.enumerateChanges, at: gate)
        var arrivals = gate.arrivals.makeAsyncIterator()
        await host.signalEnumerator(for: .workingSet)
        await arrivals.next()
        for index in 0..<10 {
            provider.remoteCreate("file-\(index)")
            await host.signalEnumerator(for: .workingSet)
        }
        gate.open()
        try await host.waitUntilIdle()
        #expect(provider.calls(of: .enumerateChanges) == before + 2)
        #expect(await host.synchronizationCount == 3)
        #expect(try await host.checkConvergence().isEmpty)
        await host.stop()
    }

    @Test("a domain manager carries signals and resolutions to the attached host")
    func domainManagerRouting() async throws {
        let provider = FakeProvider()
        let host = try HostFixture.host(provider)
        try await host.synchronize()
        let manager = HostDomainManager()
        let domain = Domain(identifier: try DomainIdentifier("account"), displayName: "Account")
        await manager.add(domain)
        try await manager.attach(host, to: domain.identifier)
        try await manager.signalEnumerator(for: .workingSet, in: domain.identifier)
        #expect(await host.isCatchUpPending)
        let unknown = try DomainIdentifier("unknown")
        let error = await #expect(throws: FileProviderError.self) {
            try await manager.signalEnumerator(for: .workingSet, in: unknown)
        }
        #expect(error?.code == .providerDomainNotFound)
        #expect(await manager.domains() == [domain])
        try await manager.remove(domain)
        #expect(await host.isStopped)
        #expect(await manager.domains().isEmpty)
    }
}
