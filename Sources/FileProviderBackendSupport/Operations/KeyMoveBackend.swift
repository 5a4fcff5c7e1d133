/// The three requests a backend without atomic renames moves keys with (S3: `CopyObject`,
/// `DeleteObject`), as ``KeyMove`` needs them.
public protocol KeyMoveBackend: Sendable {
    /// Copies the object at `source` to `destination`, replacing any object there.
    func copyObject(from source: String, to destination: String) async throws

    /// Deletes the object at `key`; deleting a key that does not exist succeeds.
    func deleteObject(_ key: String) async throws
}
