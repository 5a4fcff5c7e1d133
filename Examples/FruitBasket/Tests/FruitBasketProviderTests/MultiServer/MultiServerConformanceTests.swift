import FileProviderConformance
import FileProviderKit
import FruitBasketProvider
import Synchronization
import Testing

// Needs a PostgreSQL server: `export FRUITBASKET_POSTGRES_URL=$(Scripts/start-postgres.sh start)`
// before `swift test` (CI does); skipped otherwise.
/// Each fixture is a scratch PostgreSQL database with two `fruitbasket-server` processes on it:
/// the provider under test talks to A; the remote-change hooks, another instance, the store reset
/// and the history expiry go through B. Every remote change reaches the provider only through the
/// database: B's commit, then A's change feed and long poll.
let multiServerSubject = ConformanceSubject(
    name: "FruitBasketProvider over two servers on PostgreSQL",
    capabilities: [
        .writing, .trash, .partialContent, .remoteChanges, .failOnConflict, .conflictCopies, .symbolicLinks,
        .caseSensitiveFilenames, .freshInstances, .storeResets, .historyExpiry, .listingOnlyFolders,
    ]
) {
    let database = try await ScratchPostgresDatabase.create()
    let servers: ServerPair
    do {
        servers = try await ServerPair.start(databaseURL: database.url)
    } catch {
        try? await database.drop()
        throw error
    }
    let providers = Mutex<[FruitBasketProvider]>([])
    let open: @Sendable (ServerProcess) -> FruitBasketProvider = { server in
        let provider = FruitBasketProvider(configuration: server.clientConfiguration)
        providers.withLock { $0.append(provider) }
        return provider
    }
    return ProviderFixture(
        provider: open(servers.a),
        remote: ServerRemoteHooks(client: servers.clientB),
        openAnotherInstance: { open(servers.b) },
        resetStore: { try await servers.clientB.resetEpoch(adminSecret: ServerProcess.adminSecret) },
        expireHistory: { try await servers.clientB.expireHistory(adminSecret: ServerProcess.adminSecret) },
        tearDown: {
            for provider in providers.withLock({ $0 }) { await provider.invalidate() }
            await servers.stop()
            try? await database.drop()
        }
    )
}

/// The checks where what one server commits must reach the other: the change feed, the working
/// set and the trash areas, and every check that uses remote changes, another instance, a store
/// reset or history expiry; those that apply to the subject are 43 of the standard tier's checks
/// (each fixture is a database and two processes). The rest (names, content, the provider's own
/// errors) cross no process boundary and run against one server in `ConformanceTests`.
let multiServerChecks = Conformance.checks(for: .standard).filter { check in
    let crossesServers =
        [.changes, .workingSet, .trash].contains(check.area)
        || !check.requiredCapabilities.isDisjoint(with: [.remoteChanges, .freshInstances, .storeResets, .historyExpiry])
    return crossesServers && check.reasonNotApplicable(to: multiServerSubject.capabilities) == nil
}

@Suite(
    "Conformance over two server processes on one PostgreSQL database",
    .enabled(if: ScratchPostgresDatabase.serverURL != nil, ScratchPostgresDatabase.skipReason)
)
struct MultiServerConformanceTests {
    @Test(.conformanceSummary, arguments: multiServerChecks)
    func conformance(_ check: ConformanceCheck) async throws {
        try await Conformance.run(check, against: multiServerSubject, options: options).record()
    }
}
