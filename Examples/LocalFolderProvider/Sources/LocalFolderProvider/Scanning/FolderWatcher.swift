import FileProviderKit
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Watches the root, the trash and every folder below them with the kernel's notifications
/// (inotify), and tells a rescan which entries of which containers changed, so it looks at those
/// only.
///
/// The kernel queues an event when an entry of a watched folder is created, deleted, moved in or
/// out, written or has its attributes changed; a folder renamed or moved keeps its watch. When
/// the kernel's queue overflows (`IN_Q_OVERFLOW`), or a watch cannot be added (the user's watch
/// limit, `fs.inotify.max_user_watches`, is reached, or ``watchLimit`` is), what happened is
/// unknown: ``takeChanges()`` then answers `nil` — rescan everything — after an overflow once,
/// and after a failed watch from then on, so the provider falls back to full rescans and never
/// misses a change. Without inotify (another system, or no descriptor left) there is no watcher.
final class FolderWatcher {
    /// The most watches this watcher adds; beyond it, it gives up watching (see above).
    let watchLimit: Int
    private let descriptor: Int32
    private var containers: [Int32: ItemIdentifier] = [:]
    private var watches: [ItemIdentifier: Int32] = [:]
    /// Per container, the names of the entries that changed, or `nil` for every entry.
    private var pending: [ItemIdentifier: Set<EntryName>?] = [:]
    private var overflowed = false
    /// Whether a watch could not be added: from then on every rescan is a full one.
    private(set) var isExhausted = false

    #if canImport(Glibc)
    private static let mask = UInt32(
        IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_ONLYDIR
            | IN_EXCL_UNLINK
    )

    /// A watcher with no watch yet; `nil` when the kernel gives no inotify instance.
    init?(watchLimit: Int = .max) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.watchLimit = watchLimit
    }
    #else
    init?(watchLimit: Int = .max) {
        nil
    }
    #endif

    deinit {
        close(descriptor)
    }

    /// Whether `container` has a watch.
    func isWatching(_ container: ItemIdentifier) -> Bool {
        watches[container] != nil
    }

    /// Watches the open `folder` as `container`; its entries are all reported changed once, as
    /// something may have changed in it before the watch began.
    func watch(_ folder: DirectoryDescriptor, as container: ItemIdentifier) {
        #if canImport(Glibc)
        guard !isExhausted else { return }
        guard watches.count < watchLimit else {
            isExhausted = true
            return
        }
        // The folder the descriptor names, whatever its path is now.
        let watch = inotify_add_watch(descriptor, "/proc/self/fd/\(folder.descriptor)", Self.mask)
        guard watch >= 0 else {
            isExhausted = true
            return
        }
        if let previous = containers[watch], previous != container { watches[previous] = nil }
        containers[watch] = container
        watches[container] = watch
        pending[container] = .some(nil)
        #endif
    }

    /// Stops watching `container` (an item that is no longer a folder of the provider's).
    func unwatch(_ container: ItemIdentifier) {
        guard let watch = watches.removeValue(forKey: container) else { return }
        containers[watch] = nil
        pending[container] = nil
        #if canImport(Glibc)
        inotify_rm_watch(descriptor, watch)
        #endif
    }

    /// The changes reported since the last call, per container: the names of the entries that
    /// changed, or `nil` for every entry. `nil` when everything must be rescanned (see the type).
    func takeChanges() -> [ItemIdentifier: Set<EntryName>?]? {
        drain()
        defer { pending = [:] }
        if overflowed || isExhausted {
            overflowed = false
            return nil
        }
        return pending
    }

    /// Forgets what was reported so far: a full rescan is about to look at everything.
    func discardPending() {
        drain()
        pending = [:]
        overflowed = false
    }

    /// Reads every queued event.
    private func drain() {
        #if canImport(Glibc)
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, capacity)
            guard count > 0 else { return }
            process(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
        #endif
    }

    /// Records the events in `bytes`, a sequence of `struct inotify_event` as `read` returns them.
    func process(_ bytes: UnsafeRawBufferPointer) {
        #if canImport(Glibc)
        let header = MemoryLayout<inotify_event>.size
        var offset = 0
        while offset + header <= bytes.count {
            let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameBytes = bytes[(offset + header)..<min(offset + header + length, bytes.count)].prefix { $0 != 0 }
            offset += header + length
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { overflowed = true }
            if mask & UInt32(IN_IGNORED) != 0, let container = containers.removeValue(forKey: watch) {
                watches[container] = nil
                continue
            }
            guard let container = containers[watch], !nameBytes.isEmpty,
                let string = String(validating: nameBytes, as: UTF8.self)
            else { continue }
            let name = EntryName(string)
            if case .some(.some(var names)) = pending[container] {
                names.insert(name)
                pending[container] = .some(names)
            } else if pending[container] == nil {
                pending[container] = .some([name])
            }
        }
        #endif
    }
}
