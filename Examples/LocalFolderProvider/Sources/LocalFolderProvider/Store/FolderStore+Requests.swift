import FileProviderKit

/// The disk requests of a write, one of which a test can make fail (see
/// ``LocalFolderProvider/failRequest(_:)``).
extension FolderStore {
    /// Counts one disk request; throws when it is the armed failing one, and disarms it.
    ///
    /// - Throws: ``FileProviderKit/FileProviderError/Code/cannotSynchronize``, as a failed
    ///   file-system call does, for the failing request.
    func request(_ call: String) throws {
        guard let remaining = failingRequest else { return }
        guard remaining <= 1 else {
            failingRequest = remaining - 1
            return
        }
        failingRequest = nil
        throw FileProviderError.io("\(call): an injected failure")
    }
}
