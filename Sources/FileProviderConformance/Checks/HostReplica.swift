import FileProviderHost
import FileProviderKit

/// A replica of the working set kept by a `FileProviderHost.ProviderHost`, built only from a
/// listing and the changes reported since, as the system builds its own. The host's contract
/// monitor is fatal, so any observer-contract violation ends the check with a finding.
struct HostReplica {
    private let host: ProviderHost

    /// Makes a host for the context's provider and runs its initial synchronization.
    init(context: CheckContext, batchSize: Int = 3) async throws {
        host = try ProviderHost(
            provider: context.provider,
            configuration: HostConfiguration(scheduling: .manual, suggestedPageSize: 5, suggestedBatchSize: batchSize),
            monitor: ContractMonitor(policy: .fatal)
        )
        context.note("host: initial synchronization of the working set")
        try await host.synchronize()
    }

    /// Applies every change since the host's anchor.
    func catchUp(context: CheckContext) async throws {
        context.note("host: catch up with the working set's changes")
        try await host.synchronize()
    }

    /// Records a finding when the host's replica differs from a fresh listing of the working set.
    func expectConverged(context: CheckContext, _ situation: String) async throws {
        context.note("host: compare the replica with a fresh listing")
        let difference = try await host.checkConvergence()
        context.expect(
            difference.isEmpty,
            "the replica built from changes differs from a fresh listing \(situation)",
            actual: "\(difference)"
        )
    }

    /// Stops the host.
    func stop() async {
        await host.stop()
    }
}
