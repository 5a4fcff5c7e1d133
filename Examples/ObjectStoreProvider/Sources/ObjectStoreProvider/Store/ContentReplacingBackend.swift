import FileProviderBackendSupport
import Foundation

/// The bucket as a move that also writes new content sees it: the copy of the item's own object
/// is a PUT of the new bytes at its destination instead, so the rename and the write are one
/// ``KeyMove`` — rolled back together when a request fails before the point of no return, done
/// together after it. Every other request goes to the client unchanged.
struct ContentReplacingBackend: KeyMoveBackend {
    /// New bytes for one destination key, with the object's metadata.
    struct Replacement {
        var key: String
        var body: Data
        var metadata: [String: String]
    }

    let client: S3Client
    /// The destination written with new bytes instead of copied; `nil` copies every key.
    let replacement: Replacement?

    func copyObject(from source: String, to destination: String) async throws {
        if let replacement, replacement.key == destination {
            _ = try await client.putObject(destination, body: replacement.body, metadata: replacement.metadata)
        } else {
            try await client.copyObject(from: source, to: destination)
        }
    }

    func deleteObject(_ key: String) async throws {
        try await client.deleteObject(key)
    }
}
