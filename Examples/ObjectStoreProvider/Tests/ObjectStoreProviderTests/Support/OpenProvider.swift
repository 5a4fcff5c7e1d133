import FileProviderKit
import Foundation
import ObjectStoreProvider
import Synchronization

/// The provider instance a fixture has open: the first, or the one a simulated restart opened
/// over the same bucket and state folder.
final class OpenProvider: Sendable {
    let configuration: S3Configuration
    let stateDirectory: URL
    let faults = RequestFaults()
    private let current: Mutex<ObjectStoreProvider>

    init(maxKeys: Int) async throws {
        configuration = try MotoServer.freshBucket(maxKeys: maxKeys)
        stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "objectstore-\(UUID().uuidString)"
        )
        current = Mutex(
            try await ObjectStoreProvider(configuration: configuration, stateDirectory: stateDirectory, faults: faults)
        )
    }

    var provider: ObjectStoreProvider { current.withLock { $0 } }

    /// Closes the open instance and opens a new one over the same bucket and state, as a restart
    /// does.
    func restart() async throws -> ObjectStoreProvider {
        await provider.invalidate()
        let reopened = try await ObjectStoreProvider(
            configuration: configuration,
            stateDirectory: stateDirectory,
            faults: faults
        )
        current.withLock { $0 = reopened }
        return reopened
    }

    func remove() {
        try? FileManager.default.removeItem(at: stateDirectory)
    }
}
