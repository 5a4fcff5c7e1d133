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
        .storeResets, .historyExpiry, .listingOnlyFolders, .requestFailures,
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
        failRequest: { number in try await instance.provider.failRequest(number) },
        tearDown: {
            await instance.provider.invalidate()
            folders.remove()
        }
    )
}

/// Randomized runs are bounded so that `swift test` stays quick in debug builds: every step
/// flushes files and the journal to the device. For the same reason a check may take up to five
/// minutes: ENUM-67 makes 5,001 files, each flushed, while the other checks run beside it.
///
/// The seed is left out: every run draws its own and prints it, and `FILEPROVIDER_SEED` replays
/// one.
let options = ConformanceOptions(randomizedSteps: 300, checkTimeout: .seconds(300))

@Test(.conformanceSummary, arguments: Conformance.checks(for: .standard))
func conformance(_ check: ConformanceCheck) async throws {
    try await Conformance.run(check, against: subject, options: options).record()
}
