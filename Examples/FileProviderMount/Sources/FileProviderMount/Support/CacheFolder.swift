import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A folder of a process's own in a shared cache directory (such as `/dev/shm`), reclaimed by
/// the next process to claim one there once its owner has ended — even by `kill -9`.
///
/// Each folder, named `fileprovider-mount-<UUID>`, holds a `.lock` file its owner keeps locked
/// (`flock`) for as long as it runs; the kernel drops the lock when the process ends, however it
/// ends. ``claim(in:)`` first removes every such folder whose lock it can take, and only those:
/// a folder a live process holds, or anything else in the directory, is left alone. A folder is
/// locked before it gets its name, so it is never seen unlocked while its owner lives.
public final class CacheFolder: Sendable {
    /// The prefix of the folders' names.
    public static let prefix = "fileprovider-mount-"
    private static let lockName = ".lock"

    /// The folder, empty but for its lock file when claimed.
    public let url: URL
    private let lock: Mutex<Int32>

    private init(url: URL, lock: Int32) {
        self.url = url
        self.lock = Mutex(lock)
    }

    /// Reclaims the abandoned folders in `parent` (see ``reclaimAbandoned(in:)``), then creates
    /// a new folder there and holds it until ``release()`` or the process ends.
    ///
    /// - Throws: the file system's error when the folder cannot be created or locked.
    public static func claim(in parent: URL) throws -> CacheFolder {
        reclaimAbandoned(in: parent)
        let identifier = UUID().uuidString
        let building = parent.appendingPathComponent(".\(prefix)\(identifier)", isDirectory: true)
        let url = parent.appendingPathComponent("\(prefix)\(identifier)", isDirectory: true)
        try FileManager.default.createDirectory(at: building, withIntermediateDirectories: true)
        let descriptor = Glibc.open(
            building.appendingPathComponent(lockName).path,
            O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC,
            0o600
        )
        guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0,
            Glibc.rename(building.path, url.path) == 0
        else {
            let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            if descriptor >= 0 { close(descriptor) }
            try? FileManager.default.removeItem(at: building)
            throw error
        }
        return CacheFolder(url: url, lock: descriptor)
    }

    /// Removes every `fileprovider-mount-<UUID>` folder in `parent` that no live process holds:
    /// those with a lock file this process can lock.
    ///
    /// - Returns: the folders removed.
    @discardableResult
    public static func reclaimAbandoned(in parent: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        var removed: [URL] = []
        for name in names where name.hasPrefix(prefix) {
            let folder = parent.appendingPathComponent(name, isDirectory: true)
            let descriptor = Glibc.open(
                folder.appendingPathComponent(lockName).path,
                O_RDWR | O_CLOEXEC | O_NOFOLLOW
            )
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            try? FileManager.default.removeItem(at: folder)
            removed.append(folder)
        }
        return removed
    }

    /// Removes the folder and everything in it, and lets go of it. Later calls do nothing.
    public func release() {
        lock.withLock { descriptor in
            guard descriptor >= 0 else { return }
            try? FileManager.default.removeItem(at: url)
            close(descriptor)
            descriptor = -1
        }
    }
}
