import FileProviderConformance
import FileProviderKit
import Foundation
import LocalFolderProvider
import Testing

/// Each fixture is a fresh, empty root with its own state folder. Remote changes are made
/// directly in the directory; "another instance" is a restart over the same folders.
let subject = ConformanceSubject(
    name: "LocalFolderProvider",
    capabilities: [
        .writing, .trash, .remoteChanges, .failOnConflict, .conflictCopies, .freshInstances, .caseSensitiveFilenames,
        .storeResets, .historyExpiry,
    ]
) {
    let folders = try TemporaryFolders()
    let instance = OpenInstance(
        try LocalFolderProvider(rootDirectory: folders.root, stateDirectory: folders.state),
        folders: folders
    )
    return ProviderFixture(
        provider: instance.provider,
        remote: DirectoryRemoteHooks(instance: instance),
        openAnotherInstance: { try await instance.restart() },
        resetStore: { try await instance.provider.resetEpoch() },
        expireHistory: { try await instance.provider.expireHistory() },
        tearDown: {
            await instance.provider.invalidate()
            folders.remove()
        }
    )
}

/// Randomized runs are bounded so that `swift test` stays quick in debug builds: every step
/// flushes files and the journal to the device. `Scripts/soak.sh` sets `LOCALFOLDER_MODEL_SEED` and
/// `LOCALFOLDER_MODEL_STEPS` to run them long, seed after seed.
let options: ConformanceOptions = {
    let environment = ProcessInfo.processInfo.environment
    let steps = environment["LOCALFOLDER_MODEL_STEPS"].flatMap(Int.init) ?? 300
    guard let seed = environment["LOCALFOLDER_MODEL_SEED"].flatMap(UInt64.init) else {
        return ConformanceOptions(randomizedSteps: steps)
    }
    return ConformanceOptions(seed: seed, randomizedSteps: steps)
}()

/// The standard tier's checks; only the randomized ones when `Scripts/soak.sh` runs them.
let checks = Conformance.checks(for: .standard).filter {
    ProcessInfo.processInfo.environment["LOCALFOLDER_MODEL_SEED"] == nil || $0.area == .model
}

@Test(.conformanceSummary, arguments: checks)
func conformance(_ check: ConformanceCheck) async throws {
    try await Conformance.run(check, against: subject, options: options).record()
}
