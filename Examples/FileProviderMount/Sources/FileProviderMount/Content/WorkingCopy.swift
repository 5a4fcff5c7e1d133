import FileProviderKit
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The local, writable copy of one file's content that every writable handle of the file shares:
/// writes land in it, and a commit sends it to the provider with `modifyItem`.
///
/// It is dirty from a write or truncation until a commit took a copy of it; a commit that fails
/// leaves it dirty, so the edit is sent again by the next flush, fsync, release or refresh.
final class WorkingCopy: Sendable {
    struct State {
        var isDirty = false
        var lastWrite = Date()
        var handles = 0
        var isUnlinked = false
        /// Whether a commit is under way: the provider may be reading the file, so it stays
        /// even though the commit marked the working copy clean when it started.
        var isCommitting = false
        /// The content version the working copy started from, or last sent successfully: what
        /// commits name as their base, so that a remote edit made meanwhile is a conflict (both
        /// kept) rather than overwritten.
        var baseContentVersion: Data
        /// The provider's refusal of a commit no handle's call made (``MountedDomain/commitAll()``)
        /// that put the stored content back: the writes it dropped were never reported, so the
        /// next fsync, flush or close of the working copy returns it, once.
        var unreportedRefusal: (any Error)?
    }

    let identifier: ItemIdentifier
    let url: URL
    let descriptor: Int32
    let state: Mutex<State>
    /// Held by a commit, so that commits of one file reach the provider one at a time, in order.
    let commitLock = AsyncLock()

    init(identifier: ItemIdentifier, url: URL, descriptor: Int32, baseContentVersion: Data) {
        self.identifier = identifier
        self.url = url
        self.descriptor = descriptor
        state = Mutex(State(baseContentVersion: baseContentVersion))
    }

    /// Marks the content changed now.
    func markWritten() {
        state.withLock {
            $0.isDirty = true
            $0.lastWrite = Date()
        }
    }

    /// The size of the content, from the file.
    var size: Int64? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return Int64(status.st_size)
    }

    /// Closes the file and removes it.
    func discard() {
        close(descriptor)
        try? FileManager.default.removeItem(at: url)
    }
}
