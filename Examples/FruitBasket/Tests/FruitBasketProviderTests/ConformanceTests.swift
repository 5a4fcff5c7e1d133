import FileProviderConformance
import FileProviderKit
import Foundation
import FruitBasketProvider
import Synchronization
import Testing

/// Each fixture is a fresh server in this process over an empty SQLite database, on a loopback
/// port. Remote changes go through a second client of the server; another instance is a new
/// provider with its own client; the store is reset and its history expired through the admin
/// endpoints; the server becomes unreachable by stopping, and reachable again by starting on the
/// same port and database. A request fails inside an operation when the server refuses the n-th
/// request it receives (``RequestFailureSwitch``). The quota is set, and the account's
/// credentials revoked and restored, through the admin endpoints, as an operator would: a revoked
/// account's tokens and secret are refused, so the provider's one token renewal fails with 401 too.
let subject = ConformanceSubject(
    name: "FruitBasketProvider",
    capabilities: [
        .writing, .trash, .partialContent, .remoteChanges, .failOnConflict, .conflictCopies, .symbolicLinks,
        .caseSensitiveFilenames, .freshInstances, .storeResets, .historyExpiry, .unreachableServer,
        .listingOnlyFolders, .requestFailures, .quotaLimits, .expiringCredentials,
    ]
) {
    let failures = RequestFailureSwitch()
    let server = try await LoopbackServer { $0.requestHooks = failures.hooks }
    let configuration = server.clientConfiguration
    let providers = Mutex<[FruitBasketProvider]>([])
    let open: @Sendable () async throws -> any FileProvider = {
        let provider = FruitBasketProvider(configuration: configuration)
        providers.withLock { $0.append(provider) }
        return provider
    }
    let remote = FruitBasketClient(configuration: configuration)
    return ProviderFixture(
        provider: try await open(),
        remote: ServerRemoteHooks(client: remote),
        openAnotherInstance: open,
        resetStore: { try await remote.resetEpoch(adminSecret: LoopbackServer.adminSecret) },
        expireHistory: { try await remote.expireHistory(adminSecret: LoopbackServer.adminSecret) },
        setReachable: { reachable in
            if reachable { try await server.start() } else { await server.stop() }
        },
        failRequest: { number in failures.arm(number) },
        setQuota: { remaining in
            try await remote.setQuota(remainingBytes: remaining, adminSecret: LoopbackServer.adminSecret)
        },
        setAuthenticated: { authenticated in
            if authenticated {
                try await remote.restoreCredentials(of: configuration.account, adminSecret: LoopbackServer.adminSecret)
            } else {
                try await remote.revokeCredentials(of: configuration.account, adminSecret: LoopbackServer.adminSecret)
            }
        },
        tearDown: {
            for provider in providers.withLock({ $0 }) { await provider.invalidate() }
            await remote.shutdown()
            await server.remove()
        }
    )
}

/// Randomized runs are bounded so that `swift test` stays quick in debug builds on two shared
/// cores: every step is several HTTP round trips and SQLite transactions. All checks run at once,
/// the largest (2,000 items, recursive deletions of 1,011) against one server and one database,
/// and on CI's two cores they passed 180 s; the 900 s limit finds a provider that hangs, it is no
/// timing test.
let options = ConformanceOptions(randomizedSteps: 500, checkTimeout: .seconds(900))

@Test(.conformanceSummary, arguments: Conformance.checks(for: .standard))
func conformance(_ check: ConformanceCheck) async throws {
    try await Conformance.run(check, against: subject, options: options).record()
}
